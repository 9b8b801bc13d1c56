import { App, Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  /** Destructive: a red confirm button (the default). */
  danger?: boolean;
  /** Runs when confirmed; the dialog shows its progress. A refusal is shown with its reason. */
  onConfirm: () => Promise<unknown>;
  /** Title of the refusal dialog (default "Not done"). */
  refusedTitle?: ReactNode;
}

/**
 * Confirm before a destructive action. The confirm button shows a spinner while the action runs;
 * when the server refuses, its reason (the envelope's msg) is shown in a dialog that stays until
 * read, rather than a message that fades.
 */
export const useConfirmAction = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return ({ title, content, okText, danger = true, onConfirm, refusedTitle }: ConfirmOptions) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: okText ?? t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger },
        onOk: async () => {
          try {
            await onConfirm();
            resolve(true);
          } catch (error) {
            resolve(false);
            modal.error({
              title: refusedTitle ?? t('common.refused'),
              content: error instanceof Error && error.message ? error.message : t('http.error'),
              okText: t('common.ok'),
            });
          }
        },
        onCancel: () => resolve(false),
      });
    });
};

/** A button that asks before it acts (see useConfirmAction). */
export const ConfirmButton = ({
  confirm,
  children,
  ...props
}: Omit<ButtonProps, 'onClick'> & { confirm: ConfirmOptions }) => {
  const ask = useConfirmAction();
  return (
    <Button {...props} onClick={() => void ask(confirm)}>
      {children}
    </Button>
  );
};
