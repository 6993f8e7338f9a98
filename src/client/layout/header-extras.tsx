import { AdminLink } from "../features/admin/AdminLink";
import { useAuth } from "../features/auth/useAuth";
import { NotificationsPopover } from "../features/notifications/NotificationsPopover";
import { GlobalSearch } from "../features/search/SearchDialog";

/**
 * Signed-in header controls contributed by features: the global search dialog (⌘K / Ctrl+K)
 * and the notifications popover with its live unread badge (SPEC §2.2, §2.19).
 */
export function HeaderExtras() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <GlobalSearch />
      <NotificationsPopover />
      <AdminLink />
    </>
  );
}
