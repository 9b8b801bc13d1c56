import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteIcon } from '../../layout/icons';
import { useLinkClicks } from '../../router/linkClicks';
import { routeTitle } from '../../router/title';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';
import { SummaryCards } from './SummaryCards';
import { shortcutsOf } from './shortcuts';
import { TodoCards } from './todo/TodoCards';
import './dashboard.css';

/**
 * Dashboard (pinned tab): greets the user, shows their roles, their to-do list, their first figures
 * and the areas they may open.
 */
const DashboardPage = () => {
  const { t, i18n } = useTranslation();
  const name = useUserStore((s) => s.name);
  const roles = useUserStore((s) => s.roles);
  const routes = usePermissionStore((s) => s.routes);
  const shortcuts = shortcutsOf(routes).map((s) => ({
    ...s,
    label: routeTitle(
      s.title,
      (k) => t(k),
      (k) => i18n.exists(k),
    ),
  }));
  const hasBusiness = shortcuts.some((s) => s.business);
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const shown = query ? shortcuts.filter((s) => s.label.toLowerCase().includes(query)) : shortcuts;
  const filterId = useId();
  const size = useAppStore((s) => s.size);
  const onLinkClick = useLinkClicks();

  return (
    <div className="page-container dashboard" data-testid="dashboard-page">
      <section className="dashboard-hero" aria-labelledby="dashboard-greeting">
        <h1 id="dashboard-greeting">{t('dashboard.greeting', { name })}</h1>
        <p>{t('dashboard.welcome')}</p>
        <div className="dashboard-roles">
          <span>{t('dashboard.roles')}:</span>
          {roles.length ? (
            roles.map((role) => (
              <span key={role} className="dashboard-role">
                {i18n.exists(`dashboard.roleName.${role}`) ? t(`dashboard.roleName.${role}`) : role}
              </span>
            ))
          ) : (
            <span>{t('dashboard.noRoles')}</span>
          )}
        </div>
      </section>
      <TodoCards />
      <SummaryCards />
      <section className="dashboard-card" aria-labelledby="dashboard-shortcuts">
        <div className="dashboard-card-head">
          <h2 id="dashboard-shortcuts" className="dashboard-card-title">
            {t('dashboard.shortcuts')}
          </h2>
          <label htmlFor={filterId} className="visually-hidden">
            {t('dashboard.filter')}
          </label>
          {/* A plain search field (with the browser's own clear button) that follows the size setting
              like antd's controls: antd's Input would cost the dashboard's first load ~15 kB gzip. */}
          <input
            id={filterId}
            type="search"
            className={`dashboard-filter dashboard-filter--${size}`}
            placeholder={t('dashboard.filter')}
            autoComplete="off"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        {shown.length ? (
          // Plain anchors and one click handler (useLinkClicks): dozens of Links cost the first paint.
          // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click event
          <ul className="dashboard-shortcuts" onClick={onLinkClick}>
            {shown.map((s) => (
              <li key={s.path}>
                <a href={s.path} className="dashboard-shortcut">
                  <RouteIcon name={s.icon} />
                  <span>{s.label}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dashboard-no-match">{t('dashboard.noMatch')}</p>
        )}
        {hasBusiness ? null : <p className="dashboard-no-areas">{t('dashboard.noAreas')}</p>}
      </section>
    </div>
  );
};

export default DashboardPage;
