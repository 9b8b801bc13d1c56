import { PictureOutlined } from '@ant-design/icons';
import { PRODUCT_TYPES } from '@educrm/contract/products';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@educrm/contract/system';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadProductImage } from '../../../../api/products';
import { ImageUpload } from '../../../../components/ImageUpload';
import { CategoryPicker } from '../../shared/CategoryPicker';
import { useDictOptions } from '../../shared/queries';
import { Field } from '../Field';
import { GALLERY_MAX, GalleryUpload } from '../GalleryUpload';

/** The cover: one square picture (needed to go on sale). */
const CoverUpload = ({
  value,
  onChange,
  id,
  alt,
}: {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
  alt: string;
}) => (
  <ImageUpload
    id={id}
    shape="square"
    size={96}
    value={value}
    onChange={onChange}
    upload={async (file, onProgress) => (await uploadProductImage(file, onProgress)).url}
    types={AVATAR_TYPES}
    maxBytes={AVATAR_MAX_BYTES}
    alt={alt}
    fallback={<PictureOutlined />}
    onRemove={() => onChange?.('')}
  />
);

/** Step 1 (基础信息): name, leaf category, type, grades, subject, pictures, selling points, sort. */
export const BasicsStep = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dict = useDictOptions();
  const name = Form.useWatch('name', form) as string | undefined;
  return (
    <div className="product-form__grid">
      <Field name="name" label={t('product.form.name')} className="product-form__wide">
        <Input maxLength={64} showCount autoComplete="off" placeholder={t('product.form.namePlaceholder')} />
      </Field>
      <Field name="categoryId" label={t('product.form.category')} extra={t('product.form.categoryHint')}>
        <CategoryPicker leafOnly aria-label={t('product.form.category')} />
      </Field>
      <Field name="productType" label={t('product.form.type')}>
        <Select
          aria-label={t('product.form.type')}
          placeholder={t('product.form.typePlaceholder')}
          options={PRODUCT_TYPES.map((v) => ({ value: v, label: t(`product.type.${v}`) }))}
        />
      </Field>
      <Field name="gradeIds" label={t('product.form.grades')}>
        <Select
          mode="multiple"
          allowClear
          aria-label={t('product.form.grades')}
          placeholder={t('product.form.gradesPlaceholder')}
          loading={dict.isFetching}
          optionFilterProp="label"
          options={dict.grades.map((g) => ({ value: g.id, label: g.name }))}
        />
      </Field>
      <Field name="subject" label={t('product.form.subject')}>
        <Input maxLength={32} autoComplete="off" placeholder={t('product.form.subjectPlaceholder')} />
      </Field>
      <Field
        name="coverUrl"
        label={t('product.form.cover')}
        extra={t('product.form.coverHint')}
        className="product-form__wide"
      >
        <CoverUpload alt={t('product.form.coverOf', { name: name || t('product.form.newProduct') })} />
      </Field>
      <Field
        name="sliderUrls"
        label={t('product.form.images')}
        extra={t('product.form.imagesHint', { max: GALLERY_MAX })}
        className="product-form__wide"
      >
        <GalleryUpload />
      </Field>
      <Field name="intro" label={t('product.form.intro')} className="product-form__wide">
        <Input.TextArea
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('product.form.introPlaceholder')}
        />
      </Field>
      <Field name="sort" label={t('product.form.sort')} extra={t('product.form.sortHint')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Field>
      <Field
        name="virtualSales"
        label={t('product.form.virtualSales')}
        extra={t('product.form.virtualSalesHint')}
      >
        <InputNumber min={0} max={10_000_000} precision={0} style={{ width: 160 }} />
      </Field>
    </div>
  );
};
