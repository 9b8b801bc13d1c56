import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SearchPanel = lazy(() => import('./SearchPanel'));

/** Header menu search: the icon button; the search box loads on first use. */
export const HeaderSearch = () => {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <div className={`header-search${show ? ' header-search--show' : ''}`}>
      <Button
        type="text"
        className="right-menu-item"
        icon={<SearchOutlined />}
        aria-label={t('search.open')}
        aria-expanded={show}
        title={t('search.open')}
        onClick={() => setShow((v) => !v)}
      />
      {show ? (
        <Suspense fallback={null}>
          <SearchPanel onClose={() => setShow(false)} />
        </Suspense>
      ) : null}
    </div>
  );
};
