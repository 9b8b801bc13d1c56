import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordError } from '../errors/capture';

const PageErrorState = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="page-error" role="alert">
      <CloseCircleFilled className="page-error__icon" aria-hidden="true" />
      <h2 className="page-error__title">{t('errorPage.pageErrorTitle')}</h2>
      <p className="page-error__text">{t('errorPage.pageErrorText')}</p>
      <Button type="primary" onClick={onRetry}>
        {t('errorPage.retry')}
      </Button>
    </div>
  );
};

interface Props {
  children: ReactNode;
}
interface State {
  failed: boolean;
  attempt: number;
}

/**
 * One per page: a render error is logged (error log + console per setting) and the page shows a
 * recoverable error state; Retry mounts the page afresh. The rest of the console keeps working.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(
      error,
      `render error${info.componentStack ? `:${info.componentStack.split('\n')[1] ?? ''}` : ''}`,
    );
  }

  private retry = () => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));

  override render() {
    if (this.state.failed) return <PageErrorState onRetry={this.retry} />;
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
