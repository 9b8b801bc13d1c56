import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../../components/AntdProvider';

/** 404 and 401 (spec section 2): a plain explanation and a way home. */
export const ErrorPage = ({ kind }: { kind: 'notFound' | 'unauthorized' }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <main className="error-page" data-testid={kind === 'notFound' ? 'not-found-page' : 'unauthorized-page'}>
        <Result
          status={kind === 'notFound' ? '404' : '403'}
          title={<h1 className="error-page__title">{t(`errorPage.${kind}Title`)}</h1>}
          subTitle={t(`errorPage.${kind}Text`)}
          extra={[
            <Button key="home" type="primary" onClick={() => navigate('/')}>
              {t('errorPage.backHome')}
            </Button>,
            <Button key="back" onClick={() => navigate(-1)}>
              {t('errorPage.goBack')}
            </Button>,
          ]}
        />
      </main>
    </AntdProvider>
  );
};
