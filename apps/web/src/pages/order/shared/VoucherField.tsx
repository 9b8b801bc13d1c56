import { DeleteOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@educrm/contract/system';
import { Button, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadVoucher } from '../../../api/orders';
import { ImageUpload } from '../../../components/ImageUpload';

export const MAX_VOUCHERS = 9;

/** Payment vouchers (1 to 9 images): the uploaded ones as thumbnails, each removable, and an upload. */
export const VoucherField = ({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className="order-vouchers">
      {value.length ? (
        <Image.PreviewGroup>
          <ul className="order-vouchers__list">
            {value.map((url, i) => (
              <li key={url}>
                <Image
                  src={url}
                  width={72}
                  height={72}
                  className="order-voucher"
                  alt={t('order.field.voucherN', { n: i + 1 })}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('order.confirm.removeVoucher', { n: i + 1 })}
                  onClick={() => onChange?.(value.filter((v) => v !== url))}
                />
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      ) : null}
      {value.length < MAX_VOUCHERS ? (
        <ImageUpload
          id={id}
          upload={uploadVoucher}
          types={AVATAR_TYPES}
          maxBytes={AVATAR_MAX_BYTES}
          alt={t('order.confirm.newVoucher')}
          fallback="+"
          shape="square"
          size={56}
          onChange={(url) => onChange?.([...value, url])}
        />
      ) : null}
    </div>
  );
};
