import type { RefundRow } from '@educrm/contract/orders';
import { Alert, App, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decideRefund } from '../../../api/orders';
import { formatMoney } from '../../../utils/money';

/**
 * Approve or reject a refund application, with an optional remark kept on the refund. The
 * server's refusal (e.g. the refund was decided meanwhile) stays in the dialog.
 */
export const RefundDecisionDialog = ({
  refund,
  verb,
  onClose,
  onDone,
}: {
  refund: RefundRow | null;
  verb: 'approve' | 'reject';
  onClose: () => void;
  onDone: () => unknown;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refundId = refund?.id;
  useEffect(() => {
    if (refundId !== undefined) {
      setRemark('');
      setError(null);
    }
  }, [refundId]);

  const submit = async () => {
    if (!refund) return;
    setBusy(true);
    setError(null);
    try {
      await decideRefund(refund.id, verb, remark.trim());
      void message.success(
        t(verb === 'approve' ? 'order.refund.approvedDone' : 'order.refund.rejectedDone', {
          amount: formatMoney(refund.amount),
        }),
      );
      await onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('http.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={refund !== null}
      title={
        refund
          ? t(verb === 'approve' ? 'order.refund.approveTitle' : 'order.refund.rejectTitle', {
              no: refund.refundNo,
              amount: formatMoney(refund.amount),
            })
          : ''
      }
      okText={t(verb === 'approve' ? 'order.refund.approve' : 'order.refund.reject')}
      okButtonProps={{ danger: verb === 'reject', loading: busy }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refund ? (
        <p>
          {t('order.refund.reason')}: {refund.reason}
        </p>
      ) : null}
      <Input.TextArea
        aria-label={t('order.refund.auditRemark')}
        placeholder={t(verb === 'approve' ? 'order.refund.remarkOptional' : 'order.refund.rejectRemark')}
        value={remark}
        maxLength={200}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        onChange={(e) => setRemark(e.target.value)}
      />
      {error ? <Alert className="order-notice" type="error" showIcon role="alert" title={error} /> : null}
    </Modal>
  );
};
