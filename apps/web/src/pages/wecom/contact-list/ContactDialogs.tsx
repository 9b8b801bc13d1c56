import type { BulkResult } from '@educrm/contract/list';
import { Alert, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markContacts, transferContacts } from '../../../api/wecom';
import { MemberPicker, TagPicker } from '../shared/pickers';

/**
 * A dialog that asks for input, runs the action and hands back its per-id result (the bulk bar
 * shows it), or null when cancelled. `ask` opens it and resolves when it closes.
 */
export const useAskDialog = () => {
  const [dialog, setDialog] = useState<ReactNode>(null);
  const ask = (render: (done: (result: BulkResult | null) => void) => ReactNode) =>
    new Promise<BulkResult | null>((resolve) => {
      setDialog(
        render((result) => {
          setDialog(null);
          resolve(result);
        }),
      );
    });
  return { ask, element: dialog };
};

const InputDialog = ({
  title,
  okText,
  children,
  error,
  onOk,
  onCancel,
}: {
  title: string;
  okText: string;
  children: ReactNode;
  error: string | null;
  onOk: () => Promise<void>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={async () => {
        setBusy(true);
        try {
          await onOk();
        } finally {
          setBusy(false);
        }
      }}
      onCancel={onCancel}
    >
      <Form layout="vertical">{children}</Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
};

/** 打标签 for one or more relations: tags to add and tags to remove. */
export const TagDialog = ({
  ids,
  onDone,
}: {
  ids: number[];
  onDone: (result: BulkResult | null) => void;
}) => {
  const { t } = useTranslation();
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <InputDialog
      title={t('wecom.contact.tagTitle', { count: ids.length })}
      okText={t('wecom.contact.tag')}
      error={error}
      onCancel={() => onDone(null)}
      onOk={async () => {
        if (!add.length && !remove.length) {
          setError(t('wecom.contact.tagRequired'));
          return;
        }
        try {
          onDone(await markContacts(ids, add, remove));
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        }
      }}
    >
      <Form.Item label={t('wecom.contact.addTags')}>
        <TagPicker value={add} onChange={setAdd} aria-label={t('wecom.contact.addTags')} />
      </Form.Item>
      <Form.Item label={t('wecom.contact.removeTags')}>
        <TagPicker value={remove} onChange={setRemove} aria-label={t('wecom.contact.removeTags')} />
      </Form.Item>
    </InputDialog>
  );
};

/** 在职转接: at most 100 relations to another member; refusals (2 per 90 days) come back per contact. */
export const TransferDialog = ({
  ids,
  exclude = [],
  onDone,
}: {
  ids: number[];
  exclude?: string[];
  onDone: (result: BulkResult | null) => void;
}) => {
  const { t } = useTranslation();
  const [takeover, setTakeover] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <InputDialog
      title={t('wecom.contact.transferTitle', { count: ids.length })}
      okText={t('wecom.contact.transfer')}
      error={error}
      onCancel={() => onDone(null)}
      onOk={async () => {
        if (ids.length > 100) {
          setError(t('wecom.contact.transferMax'));
          return;
        }
        if (!takeover) {
          setError(t('wecom.contact.takeoverRequired'));
          return;
        }
        try {
          onDone(await transferContacts(ids, takeover));
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        }
      }}
    >
      <Form.Item label={t('wecom.contact.takeover')} extra={t('wecom.contact.transferHint')}>
        <MemberPicker
          value={takeover}
          onChange={setTakeover}
          exclude={exclude}
          aria-label={t('wecom.contact.takeover')}
        />
      </Form.Item>
    </InputDialog>
  );
};
