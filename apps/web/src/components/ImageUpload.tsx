import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Upload, type UploadProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './helpers.css';
import { checkImageFile, formatBytes } from './imageFile';

/**
 * An image picker with preview: the file is checked here for type and size, then sent by `upload`
 * (which answers the stored image's URL). `onRemove` offers a "remove" button when there is an image.
 */
export const ImageUpload = ({
  value,
  onChange,
  upload,
  types,
  maxBytes,
  alt,
  fallback,
  onRemove,
  id,
  shape = 'circle',
  size = 72,
}: {
  value?: string;
  onChange?: (url: string) => void;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<string>;
  types: readonly string[];
  maxBytes: number;
  alt: string;
  /** Shown in the avatar when there is no image (an initial, or an icon). */
  fallback?: ReactNode;
  onRemove?: () => void;
  id?: string;
  /** 'square' for pictures that are not avatars (product covers). */
  shape?: 'circle' | 'square';
  size?: number;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  type RequestOptions = Parameters<NonNullable<UploadProps['customRequest']>>[0];
  const customRequest = async ({ file, onSuccess, onError }: RequestOptions) => {
    setPercent(0);
    try {
      const url = await upload(file as File, setPercent);
      onChange?.(url);
      onSuccess?.(url);
      void message.success(t('upload.done'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('http.error'));
      onError?.(error as Error);
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space align="center" size={16} className="image-upload">
      <Avatar size={size} shape={shape} src={value || undefined} alt={alt}>
        {fallback}
      </Avatar>
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept={types.join(',')}
            showUploadList={false}
            maxCount={1}
            customRequest={(options) => void customRequest(options)}
            beforeUpload={(file) => {
              const problem = checkImageFile(file, types, maxBytes);
              if (problem === 'type') void message.error(t('upload.wrongType'));
              if (problem === 'size')
                void message.error(t('upload.tooLarge', { max: formatBytes(maxBytes) }));
              return problem ? Upload.LIST_IGNORE : true;
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={percent !== null}>
              {percent !== null ? `${t('upload.uploading')} ${percent}%` : t('upload.choose')}
            </Button>
          </Upload>
          {onRemove && value ? (
            <Button icon={<DeleteOutlined />} onClick={onRemove}>
              {t('upload.remove')}
            </Button>
          ) : null}
        </Space>
        <span className="image-upload__hint">{t('upload.hint', { max: formatBytes(maxBytes) })}</span>
      </Space>
    </Space>
  );
};
