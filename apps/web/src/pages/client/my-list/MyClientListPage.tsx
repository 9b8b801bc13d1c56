import { ClientList } from '../list/ClientList';

/** 我的客户: the same list as All clients, with owner = me. */
export default function MyClientListPage() {
  return <ClientList mode="mine" />;
}
