import { useTranslation } from 'react-i18next';
import { Field } from '../Field';
import { RichTextEditor } from '../RichTextEditor';

/** Step 3 (详情): the rich-text details shown on the product page. */
export const DetailStep = () => {
  const { t } = useTranslation();
  return (
    <Field name="detailHtml" label={t('product.form.detail')} extra={t('product.form.detailHint')}>
      <RichTextEditor label={t('product.form.detail')} />
    </Field>
  );
};
