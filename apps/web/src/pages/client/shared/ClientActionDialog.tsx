import type { ClientLevel, ClientStage } from '@educrm/contract/clients';
import type { BulkResult } from '@educrm/contract/list';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assignClient,
  bulkReleaseClients,
  bulkSetClientLevel,
  bulkSetClientStage,
  bulkTagClients,
  bulkTransferClients,
  changeClientTags,
  releaseClient,
  transferClient,
} from '../../../api/clients';
import { DataText } from '../../../components/DataText/DataText';
import { levelOptions, stageOptions } from './labels';
import { useClientTags } from './queries';
import { StaffSelect } from './StaffSelect';
import type { ClientLike } from './types';

/** Actions that need input first: a reason, a user, tags, a level or a stage. */
export type DialogKind = 'release' | 'transfer' | 'assign' | 'tags' | 'level' | 'stage';

export type DialogRequest =
  | { scope: 'one'; kind: DialogKind; client: ClientLike }
  | { scope: 'bulk'; kind: Exclude<DialogKind, 'assign'>; ids: number[] };

const REASON_MAX = 200;

/**
 * One dialog for the client actions that take input, on one client (the server's single action)
 * or on the selected rows (its bulk endpoint, answered per id). A refusal of a single action is
 * shown inside the dialog, which stays open.
 */
export const ClientActionDialog = ({
  request,
  onCancel,
  onDone,
}: {
  request: DialogRequest;
  onCancel: () => void;
  /** One client: null after success; bulk: the per-id result. */
  onDone: (result: BulkResult | null) => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { tags, loading: tagsLoading } = useClientTags();
  const tagOptions = tags.map((tag) => ({ value: tag.id, label: tag.name }));
  const { kind } = request;
  const one = request.scope === 'one' ? request.client : null;
  const count = request.scope === 'bulk' ? request.ids.length : 1;

  const title = one
    ? t(`client.action.${kind}Title`, { name: one.name })
    : t(`client.bulk.${kind}Title`, { n: count });

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
      if (request.scope === 'one') {
        const id = request.client.id;
        const name = request.client.name;
        // Say what happened, naming the client (and the new owner where there is one).
        let done: string;
        if (kind === 'release') {
          await releaseClient(id, reason);
          done = t('client.action.doneRelease', { name });
        } else if (kind === 'transfer' || kind === 'assign') {
          const body = { userId: values.userId as number };
          const after =
            kind === 'transfer'
              ? await transferClient(id, { ...body, reason })
              : await assignClient(id, body);
          const to = after?.ownerName ?? `#${body.userId}`;
          done = t(kind === 'transfer' ? 'client.action.doneTransfer' : 'client.action.doneAssign', {
            name,
            to,
          });
        } else if (kind === 'tags') {
          const before = request.client.tags.map((x) => x.id);
          const after = (values.tagIds as number[] | undefined) ?? [];
          await changeClientTags(id, {
            add: after.filter((x) => !before.includes(x)),
            remove: before.filter((x) => !after.includes(x)),
          });
          done = t('client.action.doneTags', { name });
        } else {
          const body = { ids: [id] };
          const result =
            kind === 'level'
              ? await bulkSetClientLevel({
                  ...body,
                  level: (values.level as ClientLevel | undefined) ?? null,
                })
              : await bulkSetClientStage({ ...body, stage: values.stage as ClientStage });
          const failed = result.results.find((r) => !r.ok);
          if (failed) throw new Error(failed.msg);
          done =
            kind === 'level'
              ? t('client.action.doneLevel', { name })
              : t('client.action.doneStage', { name, stage: t(`client.stage.${String(values.stage)}`) });
        }
        void message.success(done);
        onDone(null);
        return;
      }
      const ids = request.ids;
      let result: BulkResult;
      if (kind === 'release') result = await bulkReleaseClients({ ids, reason });
      else if (kind === 'transfer')
        result = await bulkTransferClients({ ids, userIds: values.userIds as number[], reason });
      else if (kind === 'tags')
        result = await bulkTagClients({
          ids,
          add: (values.add as number[] | undefined) ?? [],
          remove: (values.remove as number[] | undefined) ?? [],
        });
      else if (kind === 'level')
        result = await bulkSetClientLevel({ ids, level: (values.level as ClientLevel | undefined) ?? null });
      else result = await bulkSetClientStage({ ids, stage: values.stage as ClientStage });
      onDone(result);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('http.error'));
    } finally {
      setBusy(false);
    }
  };

  const reasonField = (required: boolean) => (
    <Form.Item
      name="reason"
      label={t('client.action.reason')}
      rules={
        required ? [{ required: true, whitespace: true, message: t('client.action.reasonRequired') }] : []
      }
      extra={kind === 'release' ? t('client.action.releaseHint') : undefined}
    >
      <Input.TextArea maxLength={REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );

  const fields = () => {
    switch (kind) {
      case 'release':
        return reasonField(true);
      case 'assign':
      case 'transfer':
        return (
          <>
            {request.scope === 'bulk' ? (
              <Form.Item
                name="userIds"
                label={t('client.action.toUsers')}
                extra={t('client.action.roundRobinHint')}
                rules={[{ required: true, message: t('client.pickStaffRequired') }]}
              >
                <StaffSelect multiple aria-label={t('client.action.toUsers')} />
              </Form.Item>
            ) : (
              <Form.Item
                name="userId"
                label={t('client.action.toUser')}
                rules={[{ required: true, message: t('client.pickStaffRequired') }]}
              >
                <StaffSelect
                  aria-label={t('client.action.toUser')}
                  exclude={one?.ownerUserId ? [one.ownerUserId] : []}
                />
              </Form.Item>
            )}
            {kind === 'transfer' ? reasonField(false) : null}
          </>
        );
      case 'tags':
        return request.scope === 'one' ? (
          <Form.Item name="tagIds" label={t('client.field.tags')}>
            <Select
              mode="multiple"
              allowClear
              loading={tagsLoading}
              optionFilterProp="label"
              options={tagOptions}
              aria-label={t('client.field.tags')}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="add" label={t('client.bulk.tagsAdd')}>
              <Select
                mode="multiple"
                allowClear
                loading={tagsLoading}
                optionFilterProp="label"
                options={tagOptions}
                aria-label={t('client.bulk.tagsAdd')}
              />
            </Form.Item>
            <Form.Item
              name="remove"
              label={t('client.bulk.tagsRemove')}
              dependencies={['add']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, value: number[] | undefined) => {
                    if (!value?.length && !(getFieldValue('add') as number[] | undefined)?.length)
                      throw new Error(t('client.bulk.tagsRequired'));
                  },
                }),
              ]}
            >
              <Select
                mode="multiple"
                allowClear
                loading={tagsLoading}
                optionFilterProp="label"
                options={tagOptions}
                aria-label={t('client.bulk.tagsRemove')}
              />
            </Form.Item>
          </>
        );
      case 'level':
        return (
          <Form.Item name="level" label={t('client.field.level')} extra={t('client.action.levelHint')}>
            <Select allowClear placeholder={t('client.notSet')} options={levelOptions(t)} />
          </Form.Item>
        );
      case 'stage':
        return (
          <Form.Item
            name="stage"
            label={t('client.field.stage')}
            rules={[{ required: true, message: t('client.action.stageRequired') }]}
          >
            <Select options={stageOptions(t)} />
          </Form.Item>
        );
    }
  };

  return (
    <Modal
      open
      title={
        one ? (
          <DataText i18nKey={`client.action.${kind}Title`} values={{ name: one.name }} data={['name']} />
        ) : (
          title
        )
      }
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      maskClosable={false}
    >
      {request.scope === 'bulk' ? (
        <p className="client-muted">{t('client.bulk.selectedCount', { n: count })}</p>
      ) : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        name={`client-action-${kind}`}
        aria-label={title}
        onFinish={(values) => void submit(values)}
        initialValues={
          one
            ? { tagIds: one.tags.map((x) => x.id), level: one.level ?? undefined, stage: one.stage }
            : undefined
        }
      >
        {fields()}
      </Form>
    </Modal>
  );
};
