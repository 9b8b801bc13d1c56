import '../shared/wecom.css';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { WecomTagGroupRow } from '@educrm/contract/wecom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteTag, wecomKeys } from '../../../api/wecom';
import { useConfirmAction } from '../../../components/ConfirmAction';
import { useCan } from '../../../session/useCan';
import { useTagLibrary } from '../shared/queries';
import { TagCreateForm, TagRenameForm } from './TagForms';

const WRITE = 'wecom.tag.write';
type Target = { kind: 'tag' | 'group'; id: number; name: string };

/** Enterprise WeChat > Tags (标签, DOMAIN 9.6): the corp tag library by group, with counts per tag. */
const TagListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const ask = useConfirmAction();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const library = useTagLibrary();
  const [adding, setAdding] = useState<{ group: WecomTagGroupRow | null } | null>(null);
  const [renaming, setRenaming] = useState<Target | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: wecomKeys.tags });
    void qc.invalidateQueries({ queryKey: wecomKeys.contacts });
  };
  const writable = can(WRITE);

  const remove = (target: Target) =>
    void ask({
      title: t(target.kind === 'group' ? 'wecom.tag.deleteGroupTitle' : 'wecom.tag.deleteTitle', {
        name: target.name,
      }),
      content: t(target.kind === 'group' ? 'wecom.tag.deleteGroupText' : 'wecom.tag.deleteText'),
      onConfirm: () => deleteTag(target.kind, target.id).then(refresh),
    });

  const notOurs = t('wecom.tag.notOurs');
  const groups = library.data ?? [];

  return (
    <div className="wecom-page" data-testid="wecom-tag-list-page">
      <h1 className="visually-hidden">{t('route.wecomTagList')}</h1>
      <div className="wecom-toolbar">
        {writable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ group: null })}>
            {t('wecom.tag.createGroup')}
          </Button>
        ) : null}
        <Tooltip title={t('table.refresh')}>
          <Button
            icon={<ReloadOutlined spin={library.isFetching} />}
            aria-label={t('table.refresh')}
            onClick={() => void library.refetch()}
          />
        </Tooltip>
        <span className="wecom-sub" style={{ alignSelf: 'center' }}>
          {t('wecom.tag.summary', {
            groups: groups.length,
            tags: groups.reduce((n, g) => n + g.tags.length, 0),
          })}
        </span>
      </div>
      {library.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : library.isError ? (
        <Alert
          type="error"
          showIcon
          title={library.error.message}
          action={
            <Button size="small" onClick={() => void library.refetch()}>
              {t('table.retry')}
            </Button>
          }
        />
      ) : groups.length === 0 ? (
        <Empty description={t('wecom.tag.empty')} />
      ) : (
        <div className="wecom-tag-groups">
          {groups.map((g) => (
            <Card
              key={g.id}
              size="small"
              className="wecom-tag-group"
              data-testid="wecom-tag-group"
              title={
                <span>
                  {g.name}
                  {g.createdByUs ? null : (
                    <Tag className="status-tag status-tag--neutral" style={{ marginInlineStart: 8 }}>
                      {t('wecom.tag.fromWecom')}
                    </Tag>
                  )}
                </span>
              }
              extra={
                writable ? (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setAdding({ group: g })}>
                      {t('wecom.tag.addTags')}
                    </Button>
                    <Tooltip title={g.createdByUs ? t('wecom.tag.rename') : notOurs}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        disabled={!g.createdByUs}
                        aria-label={`${t('wecom.tag.rename')} ${g.name}`}
                        onClick={() => setRenaming({ kind: 'group', id: g.id, name: g.name })}
                      />
                    </Tooltip>
                    <Tooltip title={g.createdByUs ? t('common.delete') : notOurs}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={!g.createdByUs}
                        aria-label={`${t('common.delete')} ${g.name}`}
                        onClick={() => remove({ kind: 'group', id: g.id, name: g.name })}
                      />
                    </Tooltip>
                  </Space>
                ) : null
              }
            >
              {g.tags.length === 0 ? <span className="wecom-sub">{t('wecom.tag.none')}</span> : null}
              {g.tags.map((tag) => (
                <span key={tag.id} className="wecom-tag-chip" data-testid="wecom-tag-chip">
                  <button
                    type="button"
                    className="wecom-link-button"
                    title={t('wecom.tag.viewContacts')}
                    onClick={() => navigate(`/wecom/contact-list?tagIds=${encodeURIComponent(tag.tagId)}`)}
                  >
                    {tag.name}
                  </button>
                  <span className="wecom-tag-chip__count">{tag.contactCount}</span>
                  {writable && tag.createdByUs ? (
                    <>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${t('wecom.tag.rename')} ${tag.name}`}
                        onClick={() => setRenaming({ kind: 'tag', id: tag.id, name: tag.name })}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${tag.name}`}
                        onClick={() => remove({ kind: 'tag', id: tag.id, name: tag.name })}
                      />
                    </>
                  ) : null}
                </span>
              ))}
            </Card>
          ))}
        </div>
      )}
      {adding ? (
        <TagCreateForm group={adding.group} onClosed={() => setAdding(null)} onSaved={refresh} />
      ) : null}
      {renaming ? (
        <TagRenameForm target={renaming} onClosed={() => setRenaming(null)} onSaved={refresh} />
      ) : null}
    </div>
  );
};

export default TagListPage;
