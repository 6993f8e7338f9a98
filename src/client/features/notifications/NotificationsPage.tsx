import { Bell, Settings } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationFilter,
} from "../../../common/notifications";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { LoadMore } from "../../ui/load-more";
import { oneOf } from "../../ui/one-of";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { settingsHref } from "../users";
import { useMarkRead, useNotificationPages, useUnreadCount } from "./api";
import { MarkAllReadButton, NotificationItem } from "./NotificationItem";

const LABELS: Record<NotificationFilter, string> = { all: "All", unread: "Unread" };

/**
 * Every notification of the member, newest first, a page at a time, all or unread only; the filter
 * lives in the address (`?filter=unread`). The header's popover shows the newest; this is the rest
 * of the history (decision 0143).
 */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const filter = oneOf(NOTIFICATION_FILTERS, params.get("filter"), "all");
  const count = useUnreadCount().data?.count ?? 0;

  return (
    <Page
      title="Notifications"
      lead={count > 0 ? `${count} unread` : "You are all caught up."}
      className="max-w-3xl"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <MarkAllReadButton count={count} />
          <Button variant="ghost" size="sm" asChild>
            <Link to={settingsHref("notifications")}>
              <Settings className="h-4 w-4" aria-hidden="true" /> Notification settings
            </Link>
          </Button>
        </div>
      }
    >
      <Tabs.Root
        value={filter}
        onValueChange={(v) => setParams(v === "all" ? {} : { filter: v }, { replace: true })}
        className="grid gap-4"
      >
        <TabList
          label="Show"
          tabs={NOTIFICATION_FILTERS.map((f) => ({ value: f, label: LABELS[f] }))}
          compact
        />
        {NOTIFICATION_FILTERS.map((f) => (
          <Tabs.Content key={f} value={f} className="focus-visible:outline-2 focus-visible:outline-ring">
            {f === filter ? <NotificationHistory filter={f} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Page>
  );
}

function NotificationHistory({ filter }: { filter: NotificationFilter }) {
  const list = useNotificationPages(filter);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flat() ?? [];

  const openItem = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (n.url) navigate(n.url);
  };

  if (list.isPending) return <Spinner label="Loading notifications..." />;
  if (list.isError) {
    return (
      <EmptyState
        title="Notifications could not be loaded."
        description={errorMessage(list.error, "Please try again.")}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Bell className="h-8 w-8" />}
        title={filter === "unread" ? NOTIFICATION_MESSAGES.noneUnread : NOTIFICATION_MESSAGES.empty}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <Card className="overflow-hidden p-0">
        <ul aria-label={filter === "unread" ? "Unread notifications" : "All notifications"}>
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={openItem} />
          ))}
        </ul>
      </Card>
      <LoadMore list={list} centered />
    </div>
  );
}
