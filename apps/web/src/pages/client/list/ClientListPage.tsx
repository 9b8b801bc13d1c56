import { ClientList } from './ClientList';

/** 全部客户: every client within the caller's data scope (DOMAIN 3.4). */
export default function ClientListPage() {
  return <ClientList mode="all" />;
}
