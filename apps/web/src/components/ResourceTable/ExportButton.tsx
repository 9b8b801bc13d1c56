import { DownloadOutlined } from '@ant-design/icons';
import type { ExportJob } from '@educrm/contract/list';
import { Alert, App, Button, Modal, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getExportJob, jobPercent, startExport } from '../../api/exports';

const POLL_MS = 1000;

/** Saves a Blob or a same-origin link as a file (an anchor with `download`). */
export const downloadFile = (href: string, fileName?: string) => {
  const a = document.createElement('a');
  a.href = href;
  if (fileName !== undefined) a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
};

export const downloadBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  downloadFile(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * Export with the list's current filters. A small export streams the xlsx and saves it at once; a
 * large one (the server answers 202 with a job) shows a progress bar while it runs, then downloads
 * through the signed, expiring link.
 */
export const ExportButton = ({
  url,
  params,
  fallbackName = 'export.xlsx',
  label,
}: {
  url: string;
  params: Record<string, string | number | undefined>;
  fallbackName?: string;
  /** The button's text when it is not the plain "Export" (e.g. export attendance). */
  label?: string;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<ExportJob | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);

  const inFlight = useRef(false);
  const jobId = job?.id;
  const running = job?.status === 'RUNNING';

  // Poll the job while it runs; effects pause in a hidden tab and resume when it is shown again.
  useEffect(() => {
    if (!jobId || !running) return;
    const timer = setInterval(() => {
      if (inFlight.current) return;
      inFlight.current = true;
      getExportJob(jobId)
        .then((next) => {
          setJob((current) => (current?.id === next.id ? next : current));
          setPollError(null);
          if (next.status === 'DONE' && next.downloadUrl) downloadFile(next.downloadUrl, '');
        })
        .catch((error: Error) => setPollError(error.message))
        .finally(() => {
          inFlight.current = false;
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [jobId, running]);

  const run = async () => {
    setBusy(true);
    try {
      const result = await startExport(url, params);
      if (result.kind === 'file') {
        downloadBlob(result.blob, result.fileName ?? fallbackName);
        void message.success(t('table.exportDone'));
      } else {
        setPollError(null);
        setJob(result.job);
      }
    } catch {
      // the HTTP client has shown the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
        {label ?? t('table.export')}
      </Button>
      <Modal
        open={job !== null}
        title={t('table.exportJobTitle')}
        onCancel={() => setJob(null)}
        destroyOnHidden
        footer={
          job?.status === 'DONE' && job.downloadUrl ? (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => job.downloadUrl && downloadFile(job.downloadUrl, '')}
            >
              {t('table.download')}
            </Button>
          ) : (
            <Button onClick={() => setJob(null)}>{t('common.close')}</Button>
          )
        }
      >
        {job ? (
          <>
            <p>{job.status === 'DONE' ? t('table.exportReady') : t('table.exportRunning')}</p>
            <Progress
              percent={jobPercent(job)}
              status={job.status === 'FAILED' ? 'exception' : job.status === 'DONE' ? 'success' : 'active'}
              aria-label={t('table.exportJobTitle')}
            />
            <p className="resource-table__muted">
              {t('table.exportRows', { processed: job.processed, total: job.total ?? '?' })}
            </p>
            {job.status === 'FAILED' ? (
              <Alert type="error" showIcon title={job.error ?? t('table.exportFailed')} />
            ) : null}
            {pollError ? <Alert type="warning" showIcon title={pollError} /> : null}
          </>
        ) : null}
      </Modal>
    </>
  );
};
