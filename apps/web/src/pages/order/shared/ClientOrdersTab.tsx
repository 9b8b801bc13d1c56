/** The Orders tab of the client drawer. Placeholder with the agreed props while orders are built. */
export interface ClientOrdersTabProps {
  clientId: number;
}

export default function ClientOrdersTab(_props: ClientOrdersTabProps) {
  return null;
}
