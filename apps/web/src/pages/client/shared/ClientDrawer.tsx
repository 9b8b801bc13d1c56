/**
 * The client detail drawer (profile, follow-ups, orders, owner changes, audit, timeline).
 * Placeholder with the agreed props while the client pages are built.
 */
export interface ClientDrawerProps {
  /** The client to show; null keeps the drawer closed. */
  clientId: number | null;
  onClose: () => void;
  /** Called after a write made from inside the drawer (lists refresh). */
  onChanged?: () => void;
}

export default function ClientDrawer(_props: ClientDrawerProps) {
  return null;
}
