import type { ResourceColumn } from '../../../components/ResourceTable/ResourceTable';
import { StatusTag, type Tone } from '../../../components/StatusTag';

/**
 * The columns the course and member pages share (their lists and the member drawer's tables),
 * built one way: the member (nickname over the masked mobile) and a status as its toned tag.
 */
export const memberColumn = <R extends { memberNickname: string; mobile: string }>(
  title: string,
): ResourceColumn<R> => ({
  key: 'member',
  title,
  render: (_, r) => (
    <>
      <div>{r.memberNickname || '-'}</div>
      <div className="order-sub">{r.mobile}</div>
    </>
  ),
});

/** A row's `status` as a tag labelled `<i18nPrefix>.<STATUS>`, in the page's tones. */
export const statusColumn = <R extends { status: string }>(
  title: string,
  i18nPrefix: string,
  tones?: Record<string, Tone>,
  key = 'status',
): ResourceColumn<R> => ({
  key,
  title,
  render: (_, r) => <StatusTag value={r.status} i18nPrefix={i18nPrefix} tones={tones} />,
});
