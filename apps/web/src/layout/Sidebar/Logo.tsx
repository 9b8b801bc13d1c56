import { SIDEBAR_TITLE } from '@educrm/contract/constants';
import { Link } from 'react-router';

/** The sidebar's title bar: logo and "EduCRM"; collapsed, the logo alone. */
export const Logo = ({ collapsed }: { collapsed: boolean }) => (
  <Link to="/" className={`sidebar-logo${collapsed ? ' sidebar-logo--collapsed' : ''}`}>
    <img src="/logo.svg" alt="" className="sidebar-logo__img" width={32} height={32} />
    {collapsed ? (
      <span className="visually-hidden">{SIDEBAR_TITLE}</span>
    ) : (
      <span className="sidebar-logo__title">{SIDEBAR_TITLE}</span>
    )}
  </Link>
);
