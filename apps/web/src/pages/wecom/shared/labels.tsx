import type { WecomContactRow } from '@educrm/contract/wecom';
import { Tag } from 'antd';
import { StatusTag, type Tone } from '../../../components/StatusTag';

const APP_TONES: Record<string, Tone> = { ENABLED: 'success', DISABLED: 'neutral', INVALID: 'error' };
const RUN_TONES: Record<string, Tone> = {
  QUEUED: 'neutral',
  RUNNING: 'info',
  SUCCESS: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
};
const RELATION_TONES: Record<string, Tone> = {
  NORMAL: 'success',
  STAFF_DELETED: 'error',
  CUSTOMER_DELETED: 'error',
  TRANSFERRING: 'info',
  TRANSFERRED: 'neutral',
};
const MEMBER_TONES: Record<string, Tone> = { '1': 'success', '2': 'neutral', '4': 'warning', '5': 'error' };

export const AppStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="wecom.enum.appStatus" tones={APP_TONES} />
);
export const RunStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="wecom.enum.runStatus" tones={RUN_TONES} />
);
export const RelationStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="wecom.enum.relationStatus" tones={RELATION_TONES} />
);
export const MemberStatusTag = ({ value }: { value: number }) => (
  <StatusTag value={String(value)} i18nPrefix="wecom.enum.memberStatus" tones={MEMBER_TONES} />
);

/** A contact's tags as small tags ("-" when none). */
export const ContactTags = ({ tags }: { tags: WecomContactRow['tags'] }) =>
  tags.length ? (
    <span className="wecom-tags">
      {tags.map((tag) => (
        <Tag key={tag.tagId} className="wecom-tag">
          {tag.name}
        </Tag>
      ))}
    </span>
  ) : (
    <span className="wecom-sub">-</span>
  );

/** WeCom's add_way codes that have a label (others show the number). */
export const ADD_WAYS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 201, 202] as const;
