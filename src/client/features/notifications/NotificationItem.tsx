import { AtSign, Bot, Check, CheckCheck, Heart, Info, MessageCircle, Reply, UserPlus } from "lucide-react";
import { NOTIFICATION_MESSAGES, type Notification } from "../../../common/notifications";
import { formatRelativeTime } from "../../../common/time";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { toast } from "../../ui/toast";
import { keepFocusNear } from "../../ui/keep-focus";
import { useMarkAllRead, useMarkRead } from "./api";

const ICONS = {
  follow: UserPlus,
  like: Heart,
  comment: MessageCircle,
  reply: Reply,
  mention: AtSign,
  generic: Info,
  model_request: Bot,
} as const;

/** One notice of the popover and of the notifications page: who, what, when, and "mark as read". */
export function NotificationItem({
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
          onClick={(event) => {
            // Read, the notice keeps its place; the button goes.
            keepFocusNear(event.currentTarget);
            markRead.mutate(notification.id, {
              onError: (err) =>
                toast({
                  title: "Error",
                  description: errorMessage(err, "Could not mark the notification as read"),
                  variant: "destructive",
                }),
            });
          }}
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** "Mark all read", inactive with nothing unread; a toast says it is done (SPEC §4). */
export function MarkAllReadButton({ count }: { count: number }) {
  const markAll = useMarkAllRead();
  return (
    <Button
      variant="ghost"
      size="sm"
      // Inactive, not disabled: a disabled button would drop the focus to the page's body.
      aria-disabled={count === 0}
      pending={markAll.isPending}
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
  );
}
