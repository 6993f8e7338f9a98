import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { Tabs } from "radix-ui";
import { lazy, Suspense, useState } from "react";
import { Link, Navigate } from "react-router";
import { ADMIN_MESSAGES } from "../../../common/admin";
import { getTwoFactorStatus } from "../../../common/api/two-factor";
import { call, routeKey } from "../../api/client";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { SiteAnalyticsPanel } from "../analytics/SiteAnalyticsPanel";
import { AnomaliesTab } from "../arena";
import { useAuth } from "../auth/useAuth";
import { AuditLogTab } from "./AuditLogTab";
import { FlagsTab } from "./FlagsTab";
import { RecentActionsTab } from "./RecentActionsTab";
import { ReportsTab } from "./ReportsTab";
import { StatCards } from "./StatCards";

// The settings form (zod, react-hook-form) is its own chunk (issue 12 budgets).
const SettingsTab = lazy(() => import("./SettingsTab").then((m) => ({ default: m.SettingsTab })));
const ModelsTab = lazy(() => import("../catalog").then((m) => ({ default: m.ModelsTab })));
const ModelRequestsTab = lazy(() =>
  import("../model-requests").then((m) => ({ default: m.AdminRequestsTab })),
);

/** Tab values are ids (Radix builds element ids from them: no spaces). */
const TABS = [
  { value: "actions", label: "Recent Actions" },
  { value: "settings", label: "Moderation Settings" },
  { value: "reports", label: "User Reports" },
  { value: "flags", label: "Feature Flags" },
  { value: "audit", label: "Audit Log" },
  { value: "usage", label: "Site Analytics" },
  { value: "arena", label: "Arena Anomalies" },
  { value: "requests", label: "Model Requests" },
  { value: "models", label: "Models" },
] as const;
type Tab = (typeof TABS)[number]["value"];

const tabContent =
  "rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring";

/** What a member who opens /admin sees: a clear refusal, not an empty dashboard. */
function NotAuthorised() {
  return (
    <Page title="Not authorized">
      <EmptyState
        icon={<ShieldAlert className="h-10 w-10" />}
        title={ADMIN_MESSAGES.notAuthorised}
        description={ADMIN_MESSAGES.notAuthorisedLead}
        action={
          <Button asChild variant="outline">
            <Link to="/">Back to the feed</Link>
          </Button>
        }
      />
    </Page>
  );
}

/** SPEC §2.16: stat cards and the moderation tabs, every one of them working. */
export default function AdminPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>("actions");
  const isAdmin = user?.role === "admin";
  // REQUIRE_ADMIN_2FA (issue 24): an administrator without two-factor sign-in enrols first.
  const twoFactor = useQuery({
    queryKey: routeKey(getTwoFactorStatus),
    queryFn: () => call(getTwoFactorStatus),
    enabled: isAdmin,
  });
  if (!isAdmin) return <NotAuthorised />;
  if (twoFactor.data?.required) return <Navigate to="/settings/security" replace />;

  return (
    <Page
      title="Moderation Dashboard"
      lead="Keep the community safe: reports, limits, bans and feature flags."
    >
      <StatCards />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)} className="mt-8">
        <TabList label="Moderation tools" tabs={TABS} className="mb-4" />
        <Tabs.Content value="actions" className={tabContent}>
          <RecentActionsTab />
        </Tabs.Content>
        <Tabs.Content value="settings" className={tabContent}>
          <Suspense fallback={<Spinner label="Loading settings..." />}>
            <SettingsTab />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="reports" className={tabContent}>
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="flags" className={tabContent}>
          <FlagsTab />
        </Tabs.Content>
        <Tabs.Content value="audit" className={tabContent}>
          <AuditLogTab />
        </Tabs.Content>
        <Tabs.Content value="usage" className={tabContent}>
          <SiteAnalyticsPanel headingLevel={2} />
        </Tabs.Content>
        <Tabs.Content value="arena" className={tabContent}>
          <AnomaliesTab />
        </Tabs.Content>
        <Tabs.Content value="requests" className={tabContent}>
          <Suspense fallback={<Spinner label="Loading model requests..." />}>
            <ModelRequestsTab />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="models" className={tabContent}>
          <Suspense fallback={<Spinner label="Loading models..." />}>
            <ModelsTab />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
