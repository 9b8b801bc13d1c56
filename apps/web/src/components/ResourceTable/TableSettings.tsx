import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type Density } from './columnSettings';

export interface ColumnEntry {
  key: string;
  title: string;
  visible: boolean;
}

/** Column settings: show/hide and order (up/down buttons, keyboard friendly), and Reset. */
export const ColumnSettings = ({
  columns,
  onToggle,
  onMove,
  onReset,
}: {
  columns: ColumnEntry[];
  onToggle: (key: string, visible: boolean) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  onReset: () => void;
}) => {
  const { t } = useTranslation();
  const content = (
    <div className="column-settings" data-testid="column-settings">
      <ul className="column-settings__list">
        {columns.map((column, index) => (
          <li key={column.key} className="column-settings__item">
            <Checkbox checked={column.visible} onChange={(e) => onToggle(column.key, e.target.checked)}>
              {column.title}
            </Checkbox>
            <span className="column-settings__moves">
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('table.moveUp', { column: column.title })}
                onClick={() => onMove(column.key, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === columns.length - 1}
                aria-label={t('table.moveDown', { column: column.title })}
                onClick={() => onMove(column.key, 1)}
              />
            </span>
          </li>
        ))}
      </ul>
      <Button size="small" onClick={onReset} block>
        {t('table.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={content}>
      <Tooltip title={t('table.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('table.columns')} />
      </Tooltip>
    </Popover>
  );
};

/** Row density of one table: the console's size setting, or large / medium / small. */
export const DensityPicker = ({
  value,
  onChange,
}: {
  value: Density | null;
  onChange: (density: Density | null) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [value ?? 'auto'],
        items: [
          { key: 'auto', label: t('table.densityAuto') },
          ...DENSITIES.map((d) => ({ key: d, label: t(`table.density_${d}`) })),
        ],
        onClick: ({ key }) => onChange(key === 'auto' ? null : (key as Density)),
      }}
    >
      <Tooltip title={t('table.density')}>
        <Button icon={<ColumnHeightOutlined />} aria-label={t('table.density')} />
      </Tooltip>
    </Dropdown>
  );
};
