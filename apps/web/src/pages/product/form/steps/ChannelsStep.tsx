import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../shared/queries';

/** Step 5 (渠道设置): the product's ids on outside sales platforms (to match imported orders). */
export const ChannelsStep = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dict = useDictOptions();
  const chosen = (Form.useWatch('platformCodes', form) as { platformId?: number | null }[] | undefined) ?? [];
  return (
    <>
      <p className="product-muted">{t('product.form.channelsHint')}</p>
      {!dict.isFetching && dict.platforms.length === 0 ? (
        <Alert className="product-form__notice" type="info" showIcon title={t('product.form.noPlatforms')} />
      ) : null}
      <Form.List name="platformCodes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" wrap data-testid={`platform-row-${i}`}>
                <Form.Item
                  name={[field.name, 'platformId']}
                  rules={[{ required: true, message: t('product.form.platformRequired') }]}
                >
                  <Select
                    aria-label={`${t('product.form.platform')} ${i + 1}`}
                    placeholder={t('product.form.platform')}
                    loading={dict.isFetching}
                    style={{ width: 220 }}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={dict.platforms.map((p) => ({
                      value: p.id,
                      label: p.name,
                      disabled: chosen.some((c, j) => j !== i && c?.platformId === p.id),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'externalId']}
                  rules={[
                    { required: true, whitespace: true, message: t('product.form.externalIdRequired') },
                  ]}
                >
                  <Input
                    maxLength={64}
                    aria-label={`${t('product.form.externalId')} ${i + 1}`}
                    placeholder={t('product.form.externalId')}
                    style={{ width: 260 }}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`${t('upload.remove')} ${i + 1}`}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={
                fields.length >= 20 || (dict.platforms.length > 0 && fields.length >= dict.platforms.length)
              }
              onClick={() => add({ platformId: null, externalId: '' })}
            >
              {t('product.form.addPlatform')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
};
