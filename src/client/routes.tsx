import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PRODUCT_NAME } from "../common/constants";
import { useAuth } from "./features/auth/useAuth";
import { ErrorBoundary } from "./features/errors/ErrorBoundary";
import { AppLayout } from "./layout/AppLayout";
import type { RouteModule } from "./route-module";
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
    "/ai-models/:slug",
    screen(() => import("./features/ai-models/ModelDetailPage")),
  ),
  page("/ai-models/compare", Compare, "member"),
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
const screens = new Map<Load, LazyExoticComponent<ComponentType>>();
function screenOf(load: Load) {
  let Screen = screens.get(load);
  if (!Screen) {
    Screen = lazy(load);
    screens.set(load, Screen);
  }
  return Screen;
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
