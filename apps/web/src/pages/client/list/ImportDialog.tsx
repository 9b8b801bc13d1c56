import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportJob } from '@educrm/contract/clients';
import { IMPORT_MAX_ROWS } from '@educrm/contract/clients';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Progress, Radio, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clientKeys,
  downloadImportTemplate,
  getClientImport,
  type ImportTarget,
  startClientImport,
} from '../../../api/clients';
import { downloadBlob, downloadFile } from '../../../components/ResourceTable/ExportButton';
import { useCan } from '../../../session/useCan';
import { useRefreshClients } from '../shared/queries';
import { StaffSelect } from '../shared/StaffSelect';
import { importFileProblem, importPercent, importSummary, skippedRows } from './importJob';
import '../shared/client.css';

const POLL_MS = 1000;

/** The per-outcome counts of a finished import. */
const Summary = ({ job }: { job: ImportJob }) => {
  const { t } = useTranslation();
  return (
    <div className="client-import__summary" data-testid="import-summary">
      {importSummary(job.counts).map((line) => (
        <div
          key={line.outcome}
          className={`client-import__count client-import__count--${line.tone}`}
          data-outcome={line.outcome}
        >
          <div className="client-import__count-value">{line.count}</div>
          <div className="client-import__count-label">{t(`client.import.outcome.${line.outcome}`)}</div>
        </div>
      ))}
    </div>
  );
};

/**
 * 导入客户 (client.import): download the template, choose an xlsx/csv, choose where the clients go
 * (siyu: always themselves; with client.assign also the pool or another user), start, follow the
 * progress, then read the per-outcome summary and download the per-row result file.
 */
export const ImportDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const refresh = useRefreshClients();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [target, setTarget] = useState<'me' | 'pool' | 'user'>('me');
  const [userId, setUserId] = useState<number | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const job = useQuery({
    queryKey: clientKeys.importJob(jobId ?? ''),
    queryFn: () => getClientImport(jobId as string),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' || !q.state.data ? POLL_MS : false),
    staleTime: 0,
  });
  const current = job.data;
  const done = current && current.status !== 'RUNNING';

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      downloadBlob(await downloadImportTemplate(), t('client.import.templateName'));
    } catch {
      // the HTTP client has shown the reason
    } finally {
      setTemplateBusy(false);
    }
  };

  const start = async () => {
    if (!file) {
      setFileError(t('client.import.chooseFile'));
      return;
    }
    if (target === 'user' && !userId) {
      setError(t('client.pickStaffRequired'));
      return;
    }
    setError(null);
    setUploading(0);
    try {
      const body: ImportTarget = target === 'user' ? { target, userId: userId ?? undefined } : { target };
      const started = await startClientImport(file, body, setUploading);
      void message.info(t('client.import.started'));
      setJobId(started.id);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('http.error'));
    } finally {
      setUploading(null);
    }
  };

  const close = () => {
    if (jobId) void refresh();
    onClose();
  };

  const footer = done
    ? [
        current.resultUrl ? (
          <Button
            key="result"
            icon={<DownloadOutlined />}
            onClick={() => current.resultUrl && downloadFile(current.resultUrl, '')}
          >
            {t('client.import.downloadResult')}
          </Button>
        ) : null,
        <Button
          key="again"
          onClick={() => {
            void refresh();
            setJobId(null);
            setFile(null);
          }}
        >
          {t('client.import.again')}
        </Button>,
        <Button key="close" type="primary" onClick={close}>
          {t('common.close')}
        </Button>,
      ]
    : jobId
      ? [
          <Button key="close" onClick={close}>
            {t('client.import.background')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="start" type="primary" loading={uploading !== null} onClick={() => void start()}>
            {t('client.import.start')}
          </Button>,
        ];

  return (
    <Modal
      open
      title={t('client.import.title')}
      onCancel={close}
      footer={footer}
      width={640}
      maskClosable={false}
      destroyOnHidden
    >
      {!jobId ? (
        <Form layout="vertical" aria-label={t('client.import.title')}>
          <Alert
            type="info"
            showIcon
            className="client-import__intro"
            title={t('client.import.intro', { max: IMPORT_MAX_ROWS })}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={templateBusy}
                onClick={() => void downloadTemplate()}
              >
                {t('client.import.template')}
              </Button>
            }
          />
          <Form.Item
            label={t('client.import.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
            style={{ marginTop: 16 }}
          >
            <Upload.Dragger
              accept=".xlsx,.csv"
              maxCount={1}
              multiple={false}
              fileList={file ? [{ uid: 'import', name: file.name, size: file.size, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                const problem = importFileProblem(chosen);
                setFileError(problem ? t(problem) : null);
                setFile(problem ? null : chosen);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                return true;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('client.import.drop')}</p>
              <p className="ant-upload-hint">{t('client.import.dropHint')}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item label={t('client.import.target')}>
            {can('client.assign') ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  value={target}
                  onChange={(e) => setTarget(e.target.value as typeof target)}
                  options={(['me', 'pool', 'user'] as const).map((m) => ({
                    value: m,
                    label: t(`client.ownerMode.${m}`),
                  }))}
                />
                {target === 'user' ? (
                  <StaffSelect value={userId} onChange={setUserId} aria-label={t('client.ownerUser')} />
                ) : null}
              </Space>
            ) : (
              <span>{t('client.import.toMe')}</span>
            )}
          </Form.Item>
          {uploading !== null ? (
            <Progress percent={uploading} size="small" aria-label={t('client.import.uploading')} />
          ) : null}
          {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
        </Form>
      ) : (
        <div data-testid="import-progress">
          <p>
            {done
              ? current.status === 'DONE'
                ? t('client.import.done', {
                    created: current.counts.CREATED ?? 0,
                    skipped: skippedRows(current.counts),
                  })
                : t('client.import.failed')
              : t('client.import.running')}
          </p>
          <Progress
            percent={current ? importPercent(current) : 0}
            status={
              current?.status === 'FAILED' ? 'exception' : current?.status === 'DONE' ? 'success' : 'active'
            }
            aria-label={t('client.import.progress')}
          />
          {current ? (
            <p className="client-muted">
              {t('client.import.rows', { processed: current.processed, total: current.total ?? '?' })}
            </p>
          ) : null}
          {current?.status === 'FAILED' && current.error ? (
            <Alert type="error" showIcon title={current.error} />
          ) : null}
          {job.isError ? <Alert type="warning" showIcon title={job.error.message} /> : null}
          {current?.status === 'DONE' ? (
            <>
              <Summary job={current} />
              {current.resultUrl ? <p className="client-muted">{t('client.import.resultHint')}</p> : null}
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
};
