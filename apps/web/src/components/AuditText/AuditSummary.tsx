import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditSummaryText } from '../../utils/auditText';

/**
 * An audit summary in the viewer's language on one line, ellipsised when long, the whole text on
 * hover (and for screen readers through the title).
 */
export const AuditSummary = ({
  action,
  params,
  summary,
  className,
  maxWidth = '100%',
}: {
  action: string;
  params: Record<string, unknown> | null | undefined;
  summary: string;
  className?: string;
  /** A table cell grows with its text: give the summary column a width to ellipsise at. */
  maxWidth?: number | string;
}) => {
  const { i18n } = useTranslation();
  const text = auditSummaryText(i18n, action, params, summary);
  if (!text) return null;
  return (
    <Typography.Text
      className={className}
      data-testid="audit-summary"
      style={{ display: 'block', maxWidth }}
      ellipsis={{ tooltip: { title: text, placement: 'topLeft' } }}
    >
      {text}
    </Typography.Text>
  );
};
