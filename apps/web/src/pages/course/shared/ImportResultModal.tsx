import type { ImportResult } from '@educrm/contract/courses';
import { Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The per-row answer of an import by mobile (students, members): failed rows first, with the reason. */
export const ImportResultModal = ({
  result,
  onClose,
}: {
  result: ImportResult | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const rows = [...(result?.results ?? [])].sort((a, b) => Number(a.ok) - Number(b.ok) || a.row - b.row);
  return (
    <Modal
      open={result !== null}
      title={t('course.student.importResult', { ok: result?.succeeded ?? 0, failed: result?.failed ?? 0 })}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('course.ok')}
      width={640}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="row"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'row', title: t('course.importRow'), dataIndex: 'row', width: 72 },
          { key: 'mobile', title: t('course.mobile'), dataIndex: 'mobile', width: 150 },
          {
            key: 'ok',
            title: t('course.status'),
            width: 96,
            render: (_, r) =>
              r.ok ? (
                <Tag color="success">{t('course.importOk')}</Tag>
              ) : (
                <Tag color="error">{t('course.importFailed')}</Tag>
              ),
          },
          { key: 'msg', title: t('course.importMsg'), render: (_, r) => (r.ok ? '-' : r.msg || '-') },
        ]}
      />
    </Modal>
  );
};
