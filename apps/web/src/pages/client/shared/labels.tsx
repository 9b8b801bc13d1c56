import { LockOutlined } from '@ant-design/icons';
import {
  CLIENT_LEVELS,
  CLIENT_STAGES,
  type ClientStage,
  FOLLOW_UP_SOURCES,
  FOLLOW_UP_TYPES,
  GENDERS,
  SUBJECTS,
} from '@educrm/contract/clients';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import './client.css';

/** Enum labels are `client.<enum>.<CODE>`; the option lists of selects and filters. */
type T = (key: string) => string;
export const stageOptions = (t: T) => CLIENT_STAGES.map((s) => ({ value: s, label: t(`client.stage.${s}`) }));
export const levelOptions = (t: T) => CLIENT_LEVELS.map((l) => ({ value: l, label: t(`client.level.${l}`) }));
export const genderOptions = (t: T) => GENDERS.map((g) => ({ value: g, label: t(`client.gender.${g}`) }));
export const subjectOptions = (t: T) => SUBJECTS.map((s) => ({ value: s, label: t(`client.subject.${s}`) }));
export const followTypeOptions = (t: T) =>
  FOLLOW_UP_TYPES.map((s) => ({ value: s, label: t(`client.followType.${s}`) }));
export const followSourceOptions = (t: T) =>
  FOLLOW_UP_SOURCES.map((s) => ({ value: s, label: t(`client.followSource.${s}`) }));
export const yesNoOptions = (t: T) => [
  { value: 'true', label: t('client.yes') },
  { value: 'false', label: t('client.no') },
];

const STAGE_TONES: Record<ClientStage, Tone> = {
  NEW: 'info',
  CONTACTED: 'info',
  INTENT: 'warning',
  TRIAL: 'warning',
  DEAL: 'success',
  INVALID: 'neutral',
};

/** 新客户 → 已沟通 → 有意向 → 已试听 → 已成交 (无效 aside), coloured by how far along. */
export const StageTag = ({ stage }: { stage: ClientStage }) => (
  <StatusTag value={stage} i18nPrefix="client.stage" tones={STAGE_TONES} />
);

const LEVEL_TONES: Record<string, Tone> = { A: 'error', B: 'info', C: 'neutral' };
export const LevelTag = ({ level }: { level: string | null }) => {
  if (!level) return <span className="client-muted">-</span>;
  return <StatusTag value={level} i18nPrefix="client.level" tones={LEVEL_TONES} />;
};

/** The client's tags in their colours. */
export const ClientTagList = ({ tags }: { tags: readonly { id: number; name: string; color: string }[] }) => {
  if (!tags.length) return <span className="client-muted">-</span>;
  return (
    <span className="client-tags">
      {tags.map((tag) => (
        <Tag key={tag.id} className="client-tag">
          <span
            className="client-tag__dot"
            style={{ background: tag.color || '#8c8c8c' }}
            aria-hidden="true"
          />
          {tag.name}
        </Tag>
      ))}
    </span>
  );
};

/** A padlock beside locked clients (they never drop into the pool automatically). */
export const LockMark = ({ locked }: { locked: boolean }) => {
  const { t } = useTranslation();
  if (!locked) return null;
  return (
    <Tooltip title={t('client.lockedHint')}>
      <LockOutlined className="client-lock" aria-label={t('client.locked')} role="img" />
    </Tooltip>
  );
};
