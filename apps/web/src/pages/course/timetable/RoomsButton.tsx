import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoom, teachingKeys } from '../../../api/teaching';
import { AskModal } from '../shared/AskModal';

/** Adds a room to the room dictionary (timetable writers). */
export const RoomsButton = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('teaching.addRoom')}</Button>
      <AskModal
        open={open}
        title={t('teaching.addRoom')}
        fields={[
          { name: 'name', label: t('teaching.roomName'), type: 'text', required: true },
          { name: 'capacity', label: t('teaching.capacity'), type: 'number' },
        ]}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          await createRoom(String(v.name), Number(v.capacity ?? 0));
          await queryClient.invalidateQueries({ queryKey: teachingKeys.rooms });
        }}
      />
    </>
  );
};
