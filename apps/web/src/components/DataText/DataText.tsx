import { useTranslation } from 'react-i18next';
import { dataTextParts } from './dataText';

/**
 * `t(i18nKey, values)` with the values named in `data` (names the user typed: a client, a product,
 * a buyer) in spans marked as user content; the rest of the values are interpolated as usual.
 */
export const DataText = ({
  i18nKey,
  values,
  data,
}: {
  i18nKey: string;
  values: Record<string, unknown>;
  data: readonly string[];
}) => {
  const { t } = useTranslation();
  return <TextParts parts={dataTextParts((k, p) => t(k, p), i18nKey, values, data)} />;
};

/** The parts of one text, the user's data among them in spans marked as user content. */
export const TextParts = ({ parts }: { parts: readonly { text: string; data?: boolean }[] }) => (
  <>
    {parts.map((p, i) =>
      p.data ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        <span key={i} data-user-content>
          {p.text}
        </span>
      ) : (
        p.text
      ),
    )}
  </>
);
