import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../session/useCan';
import { type ConfirmOptions, useConfirmAction } from '../ConfirmAction';

export interface RowAction {
  key: string;
  label: string;
  /** Permission code; the action is left out without it. */
  permission?: string;
  danger?: boolean;
  disabled?: boolean;
  /** Shown on hover (also on a disabled button: why it is disabled). */
  tooltip?: string;
  /** Left out (e.g. "Enable" on an enabled row). */
  hidden?: boolean;
  icon?: ReactNode;
  /** Ask first (destructive actions); `onConfirm` then does the work. */
  confirm?: Omit<ConfirmOptions, 'onConfirm'> & { onConfirm: () => Promise<unknown> };
  onClick?: () => void;
}

/**
 * A row's actions as link buttons: the first `inline` ones in the row, the rest under "More".
 * Actions the user may not do are left out; destructive ones ask first.
 */
export const RowActions = ({
  actions,
  inline = 2,
  label,
}: {
  actions: RowAction[];
  inline?: number;
  label: string;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const ask = useConfirmAction();
  const permitted = actions.filter((a) => !a.hidden && can(a.permission));
  if (!permitted.length) return null;
  const trigger = (a: RowAction) => {
    if (a.confirm) void ask(a.confirm);
    else a.onClick?.();
  };
  const shown = permitted.length <= inline + 1 ? permitted : permitted.slice(0, inline);
  const more = permitted.slice(shown.length);
  return (
    <Space size={0} className="row-actions">
      {shown.map((a) => {
        const button = (
          <Button
            key={a.key}
            type="link"
            size="small"
            danger={a.danger}
            disabled={a.disabled}
            icon={a.icon}
            aria-label={`${a.label} ${label}`}
            onClick={() => trigger(a)}
          >
            {a.label}
          </Button>
        );
        // A disabled button fires no hover events: the span carries the tooltip.
        return a.tooltip ? (
          <Tooltip key={a.key} title={a.tooltip}>
            <span data-testid={`row-action-${a.key}-tip`}>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {more.length ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger, disabled: a.disabled })),
            onClick: ({ key }) => {
              const action = more.find((a) => a.key === key);
              if (action) trigger(action);
            },
          }}
        >
          <Button type="link" size="small" aria-label={`${t('table.more')} ${label}`}>
            {t('table.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
};
