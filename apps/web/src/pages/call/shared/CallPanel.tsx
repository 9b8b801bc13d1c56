import './call.css';
import { PhoneOutlined } from '@ant-design/icons';
import type { CallRow, RenderedScript } from '@educrm/contract/calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Collapse, Descriptions, Drawer, Empty, Result, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKeys, getCall, startCall } from '../../../api/calls';
import { clientKeys, followUpKeys } from '../../../api/clients';
import { DataText } from '../../../components/DataText/DataText';
import { CallStatusTag, talkTime } from './labels';

const ENDED = new Set(['ENDED', 'FAILED']);

/** One script in the call panel: its text (sanitised on the server, variables filled in) and Q&A. */
const ScriptView = ({ script }: { script: RenderedScript }) => {
  const { t } = useTranslation();
  return (
    // The script is what the business wrote (its text, questions and answers): user content.
    <div className="call-panel__script" data-user-content>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html), variable values escaped */}
      <div className="call-panel__content" dangerouslySetInnerHTML={{ __html: script.content }} />
      {script.qaPairs.length ? (
        <Collapse
          size="small"
          items={script.qaPairs.map((q, i) => ({ key: String(i), label: q.question, children: q.answer }))}
          aria-label={t('call.script.qa')}
        />
      ) : null}
    </div>
  );
};

/**
 * The call panel: starts a call to the client when opened (the server picks the number), follows
 * the call until it ends and shows the client's scripts meanwhile. The client's number never
 * reaches the browser. When the call ends its follow-up is in the client's timeline.
 */
export const CallPanel = ({
  clientId,
  clientName,
  onClose,
}: {
  clientId: number;
  clientName: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [started, setStarted] = useState<{ call: CallRow; scripts: RenderedScript[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    startCall(clientId)
      .then(setStarted)
      .catch((e: Error) => setError(e.message));
  }, [clientId]);

  const live = useQuery({
    queryKey: ['call', 'live', started?.call.id],
    queryFn: () => getCall(started?.call.id as number),
    enabled: Boolean(started),
    refetchInterval: (q) => (q.state.data && ENDED.has(q.state.data.status) ? false : 1500),
  });
  const call = live.data ?? started?.call;
  const ended = call ? ENDED.has(call.status) : false;
  useEffect(() => {
    if (!ended) return;
    void qc.invalidateQueries({ queryKey: clientKeys.timeline(clientId) });
    void qc.invalidateQueries({ queryKey: clientKeys.detail(clientId) });
    void qc.invalidateQueries({ queryKey: followUpKeys.ofClient(clientId) });
    void qc.invalidateQueries({ queryKey: callKeys.callsOfClient(clientId) });
  }, [ended, qc, clientId]);

  return (
    <Drawer
      open
      onClose={onClose}
      size={620}
      title={
        <span>
          <PhoneOutlined />{' '}
          <DataText i18nKey="call.panel.title" values={{ name: clientName }} data={['name']} />
        </span>
      }
      className="call-panel"
    >
      {error ? (
        <Result status="warning" title={t('call.panel.failed')} subTitle={error} />
      ) : !call ? (
        <Spin tip={t('call.panel.dialing')}>
          <div style={{ height: 80 }} />
        </Spin>
      ) : (
        <>
          <Descriptions size="small" column={2} bordered data-testid="call-panel-state">
            <Descriptions.Item label={t('call.calls.status')}>
              <CallStatusTag value={call.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('call.calls.callee')}>{call.callee}</Descriptions.Item>
            <Descriptions.Item label={t('call.calls.number')}>
              {call.displayNumber || call.number}
            </Descriptions.Item>
            <Descriptions.Item label={t('call.calls.talk')}>
              {call.answeredAt ? talkTime(call.talkSeconds) : ended ? call.endReason || '-' : '…'}
            </Descriptions.Item>
          </Descriptions>
          {call.provider === 'aliyun_pls' && !ended ? (
            <Alert
              type="info"
              showIcon
              className="call-panel__hint"
              title={t('call.panel.dialX', { number: call.displayNumber })}
            />
          ) : null}
          {ended ? (
            <Alert
              type="success"
              showIcon
              className="call-panel__hint"
              title={t('call.panel.ended')}
              data-testid="call-ended"
            />
          ) : null}
          <h3 className="call-panel__heading">{t('call.panel.scripts')}</h3>
          {started?.scripts.length ? (
            <Tabs
              items={started.scripts.map((s) => ({
                key: String(s.id),
                label: <span data-user-content>{s.title}</span>,
                children: <ScriptView script={s} />,
              }))}
            />
          ) : (
            <Empty description={t('call.panel.noScripts')} />
          )}
        </>
      )}
    </Drawer>
  );
};
