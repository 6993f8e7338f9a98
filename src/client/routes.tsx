import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { matchRoutes, Navigate, Route, Routes, useLocation } from "react-router";
import { PRODUCT_NAME } from "../common/constants";
import { useAuth } from "./features/auth/useAuth";
import { ErrorBoundary } from "./features/errors/ErrorBoundary";
import { AppLayout } from "./layout/AppLayout";
import type { RouteModule } from "./route-module";
import { type Preloadable, preloadable } from "./ui/preloadable";
import { Spinner } from "./ui/spinner";

type Load = () => Promise<RouteModule>;

/** Who may open a page: everyone, signed-out visitors only, or members only. */
export type Access = "all" | "visitor" | "member";

/**
 * One page: its path, its screen (a lazy chunk, loaded when first visited), who may open it, and,
 * when its head and data are another screen's (a visitor's comparison shows the landing page but
 * is described as the comparison), the module that has them. The server renders a visitor's page
 * from this table (src/client/entry-server.tsx): it matches the URL here, runs the module's
 * `loader` and `head` (src/client/route-module.ts) and preloads the screen's chunk.
 */
export interface PageRoute {
  path: string;
  load: Load;
  access: Access;
  meta?: Load;
  /**
   * Rendered by the server for a signed-in member too, as that member sees it (docs/decisions/0123):
   * a members' page measured by the Lighthouse budget, whose screen reads nothing but its loader's
   * data and the member. Every other page of a member is drawn by the browser.
   */
  memberRender?: boolean;
}

const screen = (load: () => Promise<unknown>) => load as Load;
const Home = screen(() => import("./features/posts/HomePage"));
const Landing = screen(() => import("./features/landing/LandingPage"));
const Models = screen(() => import("./features/ai-models/ModelsPage"));
const Compare = screen(() => import("./features/ai-models/ComparePage"));
const Forum = screen(() => import("./features/forums/ForumPage"));
const Privacy = screen(() => import("./features/legal/PrivacyPage"));
const NotFound = screen(() => import("./features/errors/NotFoundPage"));

const page = (path: string, load: Load, access: Access = "all", meta?: Load): PageRoute => ({
  path,
  load,
  access,
  ...(meta ? { meta } : {}),
});

/** Every page of the app (SPEC §2.1 plus docs/decisions/0006). */
export const PAGES: PageRoute[] = [
  page("/", Home, "member"),
  // "Any other path, including /, shows the landing page" to a visitor (SPEC §2.1).
  page("/", Landing, "visitor"),
  page("*", Landing, "visitor"),
  page("*", NotFound, "member"),
  page(
    "/auth",
    screen(() => import("./features/auth/AuthPage")),
    "visitor",
  ),
  page(
    "/forgot-password",
    screen(() => import("./features/auth/ForgotPasswordPage")),
  ),
  page(
    "/reset-password",
    screen(() => import("./features/auth/ResetPasswordPage")),
  ),
  page(
    "/auth/oidc/callback",
    screen(() => import("./features/oidc/OidcCallbackPage")),
  ),
  page(
    "/auth/oidc/finish",
    screen(() => import("./features/oidc/OidcFinishPage")),
  ),
  page(
    "/verify-email",
    screen(() => import("./features/auth/VerifyEmailPage")),
  ),
  page("/ai-models", Models),
  page("/models", Models),
  page(
    "/ai-models/requests",
    screen(() => import("./features/model-requests/ModelRequestsPage")),
  ),
  page(
    "/ai-models/:slug",
    screen(() => import("./features/ai-models/ModelDetailPage")),
  ),
  { ...page("/ai-models/compare", Compare, "member"), memberRender: true },
  // The comparison is a members' screen: a visitor gets the landing page (docs/decisions/0006),
  // not the detail page of a model called "compare"; its link preview names the models compared.
  page("/ai-models/compare", Landing, "visitor", Compare),
  page(
    "/forums",
    screen(() => import("./features/forums/ForumsPage")),
  ),
  page("/forums/:id", Forum),
  page("/forums/:id/threads/:threadId", Forum),
  page(
    "/prompts",
    screen(() => import("./features/prompts/PromptsPage")),
  ),
  page(
    "/arena",
    screen(() => import("./features/arena/ArenaPage")),
  ),
  page(
    "/arena/leaderboard",
    screen(() => import("./features/arena/LeaderboardPage")),
  ),
  page(
    "/arena/about",
    screen(() => import("./features/arena/AboutPage")),
  ),
  page(
    "/arena/submit",
    screen(() => import("./features/arena/SubmitBattlePage")),
    "member",
  ),
  page(
    "/post/:id",
    screen(() => import("./features/posts/PostPage")),
  ),
  page(
    "/contact",
    screen(() => import("./features/legal/ContactPage")),
  ),
  page(
    "/responsible-disclosure",
    screen(() => import("./features/legal/ResponsibleDisclosurePage")),
  ),
  page(
    "/terms-of-service",
    screen(() => import("./features/legal/TermsPage")),
  ),
  page("/privacy-policy", Privacy),
  page("/privacy", Privacy),
  page(
    "/accessibility",
    screen(() => import("./features/legal/AccessibilityPage")),
  ),
  page(
    "/dmca",
    screen(() => import("./features/legal/DmcaPage")),
  ),
  page(
    "/profile",
    screen(() => import("./features/users/ProfilePage")),
    "member",
  ),
  page(
    "/profile/edit",
    screen(() => import("./features/users/ProfileEditPage")),
    "member",
  ),
  page(
    "/profile/:id",
    screen(() => import("./features/users/UserProfilePage")),
    "member",
  ),
  page(
    "/notifications",
    screen(() => import("./features/notifications/NotificationsPage")),
    "member",
  ),
  page(
    "/settings",
    screen(() => import("./features/users/SettingsIndexPage")),
    "member",
  ),
  page(
    "/settings/security",
    screen(() => import("./features/account-security/SecurityPage")),
    "member",
  ),
  page(
    "/generational-insights",
    screen(() => import("./features/insights/InsightsPage")),
    "member",
  ),
  page(
    "/settings/data",
    screen(() => import("./features/export/ExportPage")),
    "member",
  ),
  page(
    "/settings/blocked",
    screen(() => import("./features/blocks/BlockedSettingsPage")),
    "member",
  ),
  page(
    "/saved",
    screen(() => import("./features/saved/SavedPage")),
    "member",
  ),
  page(
    "/trending",
    screen(() => import("./features/trending/TrendingPage")),
    "member",
  ),
  page(
    "/analytics",
    screen(() => import("./features/analytics/AnalyticsPage")),
    "member",
  ),
  page(
    "/explore",
    screen(() => import("./features/explore/ExplorePage")),
    "member",
  ),
  page(
    "/creators",
    screen(() => import("./features/creators/CreatorsPage")),
    "member",
  ),
  page(
    "/subscription",
    screen(() => import("./features/subscriptions/SubscriptionPage")),
    "member",
  ),
  page(
    "/admin",
    screen(() => import("./features/admin/AdminPage")),
    "member",
  ),
];

/** The pages open to a member (`signedIn`) or to a visitor. */
export const pagesFor = (signedIn: boolean): PageRoute[] =>
  PAGES.filter((p) => p.access === "all" || (p.access === "member") === signedIn);

// One lazy component per screen module, made once (a new one per render would remount it).
const screens = new Map<Load, Preloadable<ComponentType>>();
function screenOf(load: Load) {
  let Screen = screens.get(load);
  if (!Screen) {
    Screen = preloadable(load);
    screens.set(load, Screen);
  }
  return Screen;
}

/**
 * Loads what the page at `pathname` is drawn with: its screen's chunk and the lazy parts the screen
 * names in its `preload`. Before hydrating a visitor's server-rendered page (signed out), so that
 * hydration adopts the server's markup in one pass (src/client/main.tsx, ui/preloadable.tsx); for a
 * member's page, which the browser draws, it also starts the screen's `loader` with the page's cache
 * (`client`), so its data and its chunk come at once instead of one after the other.
 */
export async function preloadPage(
  pathname: string,
  options: { signedIn?: boolean; search?: URLSearchParams; client?: QueryClient } = {},
): Promise<void> {
  const match = matchRoutes(
    pagesFor(options.signedIn ?? false).map((page) => ({ path: page.path, page })),
    pathname,
  )?.at(-1);
  if (!match) return;
  const { load } = match.route.page;
  const loaded = Promise.all([load(), screenOf(load).preload()]).then(([module]) => module);
  const { client, search } = options;
  const data = client
    ? loaded.then((module) =>
        module.loader?.({ params: match.params, search: search ?? new URLSearchParams(), client }),
      )
    : undefined;
  const module = await loaded;
  await Promise.all([module.preload?.(match.params), data]);
}

function PageRoutes({ signedIn }: { signedIn: boolean }) {
  return (
    <Routes>
      <Route element={<AppLayout signedIn={signedIn} />}>
        {pagesFor(signedIn).map((p) => {
          const Screen = screenOf(p.load);
          return <Route key={p.path} path={p.path} element={<Screen />} />;
        })}
        {signedIn ? <Route path="/auth" element={<Navigate to="/" replace />} /> : null}
      </Route>
    </Routes>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner label={`Loading ${PRODUCT_NAME}...`} className="min-h-screen" />;
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <PageRoutes signedIn={Boolean(user)} />
    </ErrorBoundary>
  );
}
