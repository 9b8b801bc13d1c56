import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditSummaryParts } from '../../utils/auditText';
import { TextParts } from '../DataText/DataText';

/**
 * An audit summary in the viewer's language on one line, ellipsised when long, the whole text on
 * hover (and for screen readers through the title). The row's own values (names, titles, reasons)
 * are marked as user content: a Latin user name is data, not English wording.
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
  const parts = auditSummaryParts(i18n, action, params, summary);
  const text = parts.map((p) => p.text).join('');
  if (!text) return null;
  return (
    <Typography.Text
      className={className}
      data-testid="audit-summary"
      style={{ display: 'block', maxWidth }}
      ellipsis={{ tooltip: { title: text, placement: 'topLeft' } }}
    >
      <TextParts parts={parts} />
    </Typography.Text>
  );
};
