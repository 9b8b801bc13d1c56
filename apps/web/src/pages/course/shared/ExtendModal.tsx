import { useTranslation } from 'react-i18next';
import { AskModal } from './AskModal';

/**
 * "Extend" of a class student or a course entitlement: a new end (empty: never ends), sent with
 * the row's version; open while `row` is set.
 */
export const ExtendModal = <R extends { id: number; version: number }>({
  row,
  extend,
  onClose,
  onDone,
}: {
  row: R | null;
  extend: (id: number, until: string | null, version: number) => Promise<unknown>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  return (
    <AskModal
      open={row !== null}
      title={t('course.student.extend')}
      fields={[{ name: 'until', label: t('course.student.until'), type: 'datetime' }]}
      onClose={onClose}
      onSubmit={async (v) => {
        if (row) await extend(row.id, (v.until as string | null) ?? null, row.version);
        await onDone();
      }}
    />
  );
};
