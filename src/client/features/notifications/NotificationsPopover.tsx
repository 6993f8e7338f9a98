import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { NOTIFICATION_MESSAGES, type Notification } from "../../../common/notifications";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { useMarkRead, useNotificationStream, useNotifications, useUnreadCount } from "./api";
import { MarkAllReadButton, NotificationItem } from "./NotificationItem";

/** The header's notifications popover (SPEC §2.19), signed-in only. */
export function NotificationsPopover() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useNotificationStream(true);
  const count = useUnreadCount().data?.count ?? 0;
  const list = useNotifications();
  const markRead = useMarkRead();
  const items = list.data ?? [];

  const openItem = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    setOpen(false);
    if (n.url) navigate(n.url);
  };

  const label = count > 0 ? `Notifications, ${count} unread` : "Notifications";
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title="Notifications">
          <Bell className="h-5 w-5" aria-hidden="true" />
          {count > 0 ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute right-1 top-1 inline-flex min-w-[1.125rem] items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] font-bold leading-[1.125rem] text-destructive-foreground"
            >
              {count > 99 ? "99+" : count}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-border bg-card text-card-foreground shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <MarkAllReadButton count={count} />
          </div>
          <div className="h-96 overflow-y-auto" data-testid="notification-list">
            {list.isLoading ? (
              <Spinner label="Loading notifications..." className="h-full" />
            ) : list.isError ? (
              <p className="p-6 text-center text-sm text-muted-foreground">
                Notifications could not be loaded.
              </p>
            ) : items.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground">
                <Bell className="h-8 w-8" aria-hidden="true" />
                <p className="text-sm">{NOTIFICATION_MESSAGES.empty}</p>
              </div>
            ) : (
              <ul aria-label="Notification list">
                {items.map((n) => (
                  <NotificationItem key={n.id} notification={n} onOpen={openItem} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-border px-4 py-2 text-center">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              View all notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
