import {
  AtSign,
  Bell,
  Bot,
  Check,
  CheckCheck,
  Heart,
  Info,
  MessageCircle,
  Reply,
  UserPlus,
} from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { NOTIFICATION_MESSAGES, type Notification } from "../../../common/notifications";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useMarkAllRead, useMarkRead, useNotificationStream, useNotifications, useUnreadCount } from "./api";

const ICONS = {
  follow: UserPlus,
  like: Heart,
  comment: MessageCircle,
  reply: Reply,
  mention: AtSign,
  generic: Info,
  model_request: Bot,
} as const;

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const markRead = useMarkRead();
  const Icon = ICONS[notification.type] ?? Info;
  const unread = !notification.isRead;
  return (
    <li
      className={cn(
        "flex items-start gap-3 border-b border-border px-4 py-3 last:border-b-0",
        unread && "bg-primary/5",
      )}
    >
      <div className="relative shrink-0">
        {notification.relatedUser ? (
          <Avatar src={notification.relatedUser.avatar} name={notification.relatedUser.username} size={36} />
        ) : (
          <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Icon className="h-4 w-4" aria-hidden="true" />
          </span>
        )}
        {notification.relatedUser ? (
          <span className="absolute -bottom-1 -right-1 rounded-full bg-card p-0.5">
            <Icon className="h-3.5 w-3.5 text-primary" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        {notification.url ? (
          <button
            type="button"
            onClick={() => onOpen(notification)}
            className="text-left text-sm leading-snug hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {notification.message}
          </button>
        ) : (
          <p className="text-sm leading-snug">{notification.message}</p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{formatRelativeTime(notification.createdAt)}</time>
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </p>
      </div>
      {unread ? (
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8 shrink-0"
          aria-label={`Mark as read: ${notification.message}`}
          title="Mark as read"
          pending={markRead.isPending}
          onClick={() =>
            markRead.mutate(notification.id, {
              onError: (err) =>
                toast({
                  title: "Error",
                  description: errorMessage(err, "Could not mark the notification as read"),
                  variant: "destructive",
                }),
            })
          }
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** The header's notifications popover (SPEC §2.19), signed-in only. */
export function NotificationsPopover() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useNotificationStream(true);
  const count = useUnreadCount().data?.count ?? 0;
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
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
            <Button
              variant="ghost"
              size="sm"
              disabled={count === 0 || markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => toast({ title: NOTIFICATION_MESSAGES.allRead, variant: "success" }),
                  onError: (err) =>
                    toast({
                      title: "Error",
                      description: errorMessage(err, "Could not mark the notifications as read"),
                      variant: "destructive",
                    }),
                })
              }
            >
              <CheckCheck className="h-4 w-4" aria-hidden="true" /> Mark all read
            </Button>
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
