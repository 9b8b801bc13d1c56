import { GRADE_STAGES, type GradeRow, gradeCreate, gradeUpdate } from '@educrm/contract/dictionaries';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createGrade, getGrade, updateGrade } from '../../../api/dictionaries';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { DictCodeField, DictNameField, DictSortField, DictStatusField } from '../shared/dict/DictFields';

type Values = Record<string, unknown>;

const valuesOf = (g: GradeRow): Values => ({
  code: g.code,
  name: g.name,
  stage: g.stage,
  nextGradeId: g.nextGradeId,
  sort: g.sort,
  status: g.status,
});

/** Create or edit a grade (年级) with its stage and the grade its clients advance to. */
export const GradeForm = ({
  grade,
  grades,
  onClosed,
  onSaved,
}: {
  /** null: a new grade. */
  grade: GradeRow | null;
  /** Every grade (choices of "next grade"). */
  grades: readonly GradeRow[];
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const nextOptions = grades
    .filter((g) => g.id !== grade?.id)
    .map((g) => ({
      value: g.id,
      label: g.status === 'ENABLED' ? g.name : `${g.name} (${t('enum.status.DISABLED')})`,
      search: `${g.name} ${g.code}`,
    }));
  const fields = (
    <>
      <DictCodeField />
      <DictNameField />
      <FormField name="stage" label={t('dict.grade.stage')}>
        <Select options={GRADE_STAGES.map((s) => ({ value: s, label: t(`dict.grade.stages.${s}`) }))} />
      </FormField>
      <FormField name="nextGradeId" label={t('dict.grade.nextGrade')} extra={t('dict.grade.nextGradeHint')}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'search' }}
          placeholder={t('dict.grade.nextGradeNone')}
          options={nextOptions}
        />
      </FormField>
      <DictSortField />
      <DictStatusField />
    </>
  );

  if (!grade) {
    return (
      <ResourceDrawerForm<Values>
        id="grade-create"
        title={t('dict.grade.createTitle')}
        schema={gradeCreate}
        initialValues={{ stage: 'PRIMARY', nextGradeId: null, sort: 0, status: 'ENABLED' }}
        onClosed={onClosed}
        onSubmit={(values) => createGrade(values as Parameters<typeof createGrade>[0])}
        successMessage={t('dict.grade.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  }
  return (
    <ResourceDrawerForm<Values>
      id={`grade-edit-${grade.id}`}
      title={t('dict.editTitle', { name: grade.name })}
      schema={gradeUpdate}
      version={grade.version}
      initialValues={valuesOf(grade)}
      onClosed={onClosed}
      onSubmit={(values) => updateGrade(grade.id, values as Parameters<typeof updateGrade>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getGrade(grade.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
