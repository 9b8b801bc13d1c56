import { NEXT_FOLLOW_PRESETS } from '@educrm/contract/clients';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { useUserStore } from '../../../stores/user';
import { levelOptions, stageOptions, subjectOptions, yesNoOptions } from '../shared/labels';
import { departmentsOf, staffLabel, useClientTags, useDictOptions, useStaffOptions } from '../shared/queries';

export type ClientListMode = 'all' | 'mine';

/** The "assigned within" choices (the workbench links to 3: NEW_ASSIGNED_DAYS). */
const ASSIGNED_DAYS = [1, 3, 7] as const;

/**
 * The search form of 全部客户 / 我的客户 (DOMAIN 3.4): keyword, stage and next follow-up first,
 * then level, grade, subject, source, channel, tags, owner and department (All clients, for users
 * who see more than their own), dates, deal, lock, WeCom, "about to drop into the pool", followed
 * and "assigned within" (the workbench's to-do links use the last ones).
 */
export const useClientFilters = (mode: ClientListMode): FilterField[] => {
  const { t } = useTranslation();
  const dataScope = useUserStore((s) => s.dataScope);
  const showOwner = mode === 'all' && dataScope !== null && dataScope !== 'SELF';
  const dict = useDictOptions();
  const { tags, loading: tagsLoading } = useClientTags();
  const [staffText, setStaffText] = useState('');
  const staff = useStaffOptions(staffText, showOwner);
  const allStaff = useStaffOptions('', showOwner);

  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      {
        type: 'text',
        name: 'keyword',
        label: t('client.field.keyword'),
        placeholder: t('client.keywordPlaceholder'),
      },
      {
        type: 'select',
        name: 'stage',
        label: t('client.field.stage'),
        multiple: true,
        options: stageOptions(t),
      },
      {
        type: 'select',
        name: 'nextFollow',
        label: t('client.field.nextFollow'),
        options: NEXT_FOLLOW_PRESETS.map((p) => ({ value: p, label: t(`client.nextFollowPreset.${p}`) })),
      },
      {
        type: 'select',
        name: 'level',
        label: t('client.field.level'),
        multiple: true,
        options: levelOptions(t),
      },
      {
        type: 'select',
        name: 'gradeId',
        label: t('client.field.grade'),
        multiple: true,
        numeric: true,
        loading: dict.loading,
        options: dict.grades.map((g) => ({ value: g.id, label: g.name })),
      },
      {
        type: 'select',
        name: 'subject',
        label: t('client.field.subjects'),
        multiple: true,
        options: subjectOptions(t),
      },
      {
        type: 'select',
        name: 'sourcePlatformId',
        label: t('client.field.sourcePlatform'),
        multiple: true,
        numeric: true,
        loading: dict.loading,
        options: dict.platforms.map((p) => ({ value: p.id, label: p.name })),
      },
      {
        type: 'treeSelect',
        name: 'channelId',
        label: t('client.field.channel'),
        numeric: true,
        loading: dict.loading,
        treeData: dict.channelTree,
      },
      {
        type: 'select',
        name: 'tagIds',
        label: t('client.field.tags'),
        multiple: true,
        numeric: true,
        loading: tagsLoading,
        options: tags.map((tag) => ({ value: tag.id, label: tag.name })),
      },
    ];
    if (showOwner) {
      fields.push(
        {
          type: 'select',
          name: 'ownerUserId',
          label: t('client.field.owner'),
          multiple: true,
          numeric: true,
          loading: staff.loading,
          onSearch: setStaffText,
          options: staff.staff.map((s) => ({ value: s.id, label: staffLabel(s) })),
        },
        {
          type: 'select',
          name: 'ownerDeptId',
          label: t('client.field.ownerDept'),
          numeric: true,
          loading: allStaff.loading,
          options: departmentsOf(allStaff.staff).map((d) => ({ value: d.id, label: d.name })),
        },
      );
    }
    fields.push(
      {
        type: 'dateRange',
        name: 'created',
        label: t('client.field.createdAt'),
        from: 'createdFrom',
        to: 'createdTo',
      },
      {
        type: 'dateRange',
        name: 'lastFollow',
        label: t('client.field.lastFollow'),
        from: 'lastFollowFrom',
        to: 'lastFollowTo',
      },
      { type: 'select', name: 'dealStatus', label: t('client.field.dealStatus'), options: yesNoOptions(t) },
      { type: 'select', name: 'locked', label: t('client.field.locked'), options: yesNoOptions(t) },
      { type: 'select', name: 'hasWecom', label: t('client.field.hasWecom'), options: yesNoOptions(t) },
      {
        type: 'select',
        name: 'aboutToRecycle',
        label: t('client.field.aboutToRecycle'),
        options: yesNoOptions(t),
      },
      { type: 'select', name: 'followed', label: t('client.field.followed'), options: yesNoOptions(t) },
      {
        type: 'select',
        name: 'assignedDays',
        label: t('client.field.assignedDays'),
        options: ASSIGNED_DAYS.map((d) => ({ value: String(d), label: t(`client.assignedDaysPreset.${d}`) })),
      },
    );
    return fields;
  }, [t, dict, tags, tagsLoading, showOwner, staff.staff, staff.loading, allStaff.staff, allStaff.loading]);
};
