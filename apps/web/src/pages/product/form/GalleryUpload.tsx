import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@educrm/contract/system';
import { App, Button, Tooltip, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadProductImage } from '../../../api/products';
import { checkImageFile, formatBytes } from '../../../components/imageFile';

export const GALLERY_MAX = 9;

/** The product's slider pictures (at most 9): upload, reorder (left / right) and remove. */
export const GalleryUpload = ({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  // Several files at once: each finished upload appends to the newest list, not to a stale one.
  const latest = useRef(value);
  latest.current = value;

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange?.(next);
  };

  return (
    <div className="product-gallery" id={id}>
      {value.map((url, i) => (
        <div className="product-gallery__item" key={url}>
          <img src={url} alt={t('product.form.imageN', { n: i + 1 })} />
          <div className="product-gallery__tools">
            <Tooltip title={t('product.form.moveLeft')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                aria-label={`${t('product.form.moveLeft')} ${t('product.form.imageN', { n: i + 1 })}`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              />
            </Tooltip>
            <Tooltip title={t('product.form.moveRight')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowRightOutlined />}
                aria-label={`${t('product.form.moveRight')} ${t('product.form.imageN', { n: i + 1 })}`}
                disabled={i === value.length - 1}
                onClick={() => move(i, i + 1)}
              />
            </Tooltip>
            <Tooltip title={t('upload.remove')}>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`${t('upload.remove')} ${t('product.form.imageN', { n: i + 1 })}`}
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              />
            </Tooltip>
          </div>
        </div>
      ))}
      {value.length < GALLERY_MAX ? (
        <Upload
          className="product-gallery__add"
          accept={AVATAR_TYPES.join(',')}
          showUploadList={false}
          multiple
          beforeUpload={(file) => {
            const problem = checkImageFile(file, AVATAR_TYPES, AVATAR_MAX_BYTES);
            if (problem === 'type') void message.error(t('upload.wrongType'));
            if (problem === 'size')
              void message.error(t('upload.tooLarge', { max: formatBytes(AVATAR_MAX_BYTES) }));
            return problem ? Upload.LIST_IGNORE : true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setPercent(0);
            uploadProductImage(file as File, setPercent)
              .then(({ url }) => {
                latest.current = [...latest.current, url].slice(0, GALLERY_MAX);
                onChange?.(latest.current);
                onSuccess?.(url);
              })
              .catch((error: unknown) => {
                void message.error(error instanceof Error ? error.message : t('http.error'));
                onError?.(error as Error);
              })
              .finally(() => setPercent(null));
          }}
        >
          <Button icon={<PlusOutlined />} loading={percent !== null} aria-label={t('product.form.addImage')}>
            {percent !== null ? `${percent}%` : t('product.form.addImage')}
          </Button>
        </Upload>
      ) : null}
    </div>
  );
};
