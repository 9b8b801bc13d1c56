import { FontSizeOutlined } from '@ant-design/icons';
import { SIZES, type Size } from '@educrm/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { showSuccess } from '../feedback';

/**
 * Size selector (spec section 2): Default / Medium / Small / Mini, stored in the size cookie and
 * applied live through antd's ConfigProvider; pages are not remounted, typed input stays.
 */
export const SizeSelect = () => {
  const { t } = useTranslation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((value) => ({ key: value, label: t(`size.${value}`), disabled: value === size })),
        onClick: ({ key }) => {
          setSize(key as Size);
          showSuccess(t('size.success'));
        },
      }}
    >
      <Button
        type="text"
        className="right-menu-item"
        icon={<FontSizeOutlined />}
        title={t('size.label')}
        aria-label={`${t('size.label')}: ${t(`size.${size}`)}`}
      />
    </Dropdown>
  );
};
