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
  const parts = dataTextParts((k, p) => t(k, p), i18nKey, values, data);
  return (
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
};
