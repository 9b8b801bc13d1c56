import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ThirdPartyDialog = lazy(() => import('./ThirdPartyDialog'));

/** "Or connect with": the dialog (and its code) loads on the first click. */
export const ThirdPartyButton = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="login-thirdparty"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('login.thirdparty')}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <ThirdPartyDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
