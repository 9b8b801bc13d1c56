import { SEARCH_THRESHOLD } from '@educrm/contract/constants';
import { type RefSelectProps, Select } from 'antd';
import Fuse from 'fuse.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeTitle } from '../../router/title';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useSettingsStore } from '../../stores/settings';
import { buildPool, FUSE_OPTIONS, type SearchEntry, withPinyin } from './pool';

/** pinyin-pro is large: loaded only when zh and pinyin search are both on. */
const loadPinyin = async () => {
  const { pinyin } = await import('pinyin-pro');
  return (text: string) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
};

/** The search pool, rebuilt when the routes, the language or the pinyin setting change. */
const useSearchPool = (): SearchEntry[] => {
  const { t, i18n } = useTranslation();
  const routes = usePermissionStore((s) => s.routes);
  const language = useAppStore((s) => s.language);
  const pinyinOn = useSettingsStore((s) => s.supportPinyinSearch) && language === 'zh';
  const base = useMemo(
    () =>
      buildPool(routes, (title) =>
        routeTitle(
          title,
          (k) => t(k),
          (k) => i18n.exists(k),
        ),
      ),
    [routes, t, i18n],
  );
  const [pool, setPool] = useState(base);
  useEffect(() => {
    setPool(base);
    if (!pinyinOn) return;
    let cancelled = false;
    loadPinyin()
      .then((toPinyin) => {
        if (!cancelled) setPool(withPinyin(base, toPinyin));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [base, pinyinOn]);
  return pool;
};

/**
 * The search box of the header search (spec section 2): fuzzy, threshold 0.4, weights title 0.7,
 * pinyin 0.3, path 0.3. Loaded when the search opens (fuse.js and antd Select are not on the
 * dashboard's first load).
 */
const SearchPanel = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pool = useSearchPool();
  const fuse = useMemo(() => new Fuse(pool, { ...FUSE_OPTIONS, threshold: SEARCH_THRESHOLD }), [pool]);
  const [query, setQuery] = useState('');
  const selectRef = useRef<RefSelectProps>(null);

  useEffect(() => {
    selectRef.current?.focus();
  }, []);

  const results = useMemo(() => (query ? fuse.search(query).map((r) => r.item) : []), [fuse, query]);

  const choose = (path: string) => {
    const entry = pool.find((e) => e.path === path);
    onClose();
    if (!entry) return;
    if (entry.external) window.open(entry.path, '_blank', 'noopener,noreferrer');
    else navigate(entry.path);
  };

  return (
    <Select
      ref={selectRef}
      className="header-search__select"
      showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
      value={null}
      placeholder={t('search.placeholder')}
      aria-label={t('search.label')}
      defaultOpen
      suffixIcon={null}
      notFoundContent={query ? t('search.empty') : null}
      options={results.map((entry) => ({ value: entry.path, label: entry.title.join(' > ') }))}
      onChange={(value: string | null) => value && choose(value)}
      onBlur={onClose}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      variant="underlined"
    />
  );
};

export default SearchPanel;
