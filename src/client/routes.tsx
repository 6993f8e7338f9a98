import { lazy } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PRODUCT_NAME } from "../common/constants";
import { useAuth } from "./features/auth/useAuth";
import { ErrorBoundary } from "./features/errors/ErrorBoundary";
import { AppLayout } from "./layout/AppLayout";
import { Spinner } from "./ui/spinner";

// Every screen is its own chunk, loaded when first visited.
const HomePage = lazy(() => import("./features/posts/HomePage"));
const LandingPage = lazy(() => import("./features/landing/LandingPage"));
const AuthPage = lazy(() => import("./features/auth/AuthPage"));
const ForgotPasswordPage = lazy(() => import("./features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./features/auth/ResetPasswordPage"));
const VerifyEmailPage = lazy(() => import("./features/auth/VerifyEmailPage"));
const ForumsPage = lazy(() => import("./features/forums/ForumsPage"));
const ForumPage = lazy(() => import("./features/forums/ForumPage"));
const PromptsPage = lazy(() => import("./features/prompts/PromptsPage"));
const ProfilePage = lazy(() => import("./features/users/ProfilePage"));
const ProfileEditPage = lazy(() => import("./features/users/ProfileEditPage"));
const UserProfilePage = lazy(() => import("./features/users/UserProfilePage"));
const ModelsPage = lazy(() => import("./features/ai-models/ModelsPage"));
const ModelDetailPage = lazy(() => import("./features/ai-models/ModelDetailPage"));
const ComparePage = lazy(() => import("./features/ai-models/ComparePage"));
const InsightsPage = lazy(() => import("./features/insights/InsightsPage"));
const SavedPage = lazy(() => import("./features/saved/SavedPage"));
const TrendingPage = lazy(() => import("./features/trending/TrendingPage"));
const AnalyticsPage = lazy(() => import("./features/analytics/AnalyticsPage"));
const ExplorePage = lazy(() => import("./features/explore/ExplorePage"));
const CreatorsPage = lazy(() => import("./features/creators/CreatorsPage"));
const SubscriptionPage = lazy(() => import("./features/subscriptions/SubscriptionPage"));
const AdminPage = lazy(() => import("./features/admin/AdminPage"));
const PostPage = lazy(() => import("./features/posts/PostPage"));
const TermsPage = lazy(() => import("./features/legal/TermsPage"));
const PrivacyPage = lazy(() => import("./features/legal/PrivacyPage"));
const AccessibilityPage = lazy(() => import("./features/legal/AccessibilityPage"));
const DmcaPage = lazy(() => import("./features/legal/DmcaPage"));
const ContactPage = lazy(() => import("./features/legal/ContactPage"));
const ResponsibleDisclosurePage = lazy(() => import("./features/legal/ResponsibleDisclosurePage"));
const NotFoundPage = lazy(() => import("./features/errors/NotFoundPage"));

/** Pages every visitor may open, signed in or not (SPEC §2.1 plus docs/decisions/0006). */
function sharedRoutes() {
  return (
    <>
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/ai-models" element={<ModelsPage />} />
      <Route path="/models" element={<ModelsPage />} />
      <Route path="/ai-models/:slug" element={<ModelDetailPage />} />
      <Route path="/forums" element={<ForumsPage />} />
      <Route path="/forums/:id" element={<ForumPage />} />
      <Route path="/forums/:id/threads/:threadId" element={<ForumPage />} />
      <Route path="/prompts" element={<PromptsPage />} />
      <Route path="/post/:id" element={<PostPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/responsible-disclosure" element={<ResponsibleDisclosurePage />} />
      <Route path="/terms-of-service" element={<TermsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/accessibility" element={<AccessibilityPage />} />
      <Route path="/dmca" element={<DmcaPage />} />
    </>
  );
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout signedIn />}>
        <Route path="/" element={<HomePage />} />
        {sharedRoutes()}
        <Route path="/auth" element={<Navigate to="/" replace />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/profile/edit" element={<ProfileEditPage />} />
        <Route path="/profile/:id" element={<UserProfilePage />} />
        <Route path="/ai-models/compare" element={<ComparePage />} />
        <Route path="/generational-insights" element={<InsightsPage />} />
        <Route path="/saved" element={<SavedPage />} />
        <Route path="/trending" element={<TrendingPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/explore" element={<ExplorePage />} />
        <Route path="/creators" element={<CreatorsPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout signedIn={false} />}>
        <Route path="/auth" element={<AuthPage />} />
        {/* The comparison is a members' screen: a visitor gets the landing page (docs/decisions/0006),
            not the detail page of a model called "compare". */}
        <Route path="/ai-models/compare" element={<LandingPage />} />
        {sharedRoutes()}
        {/* "Any other path, including /, shows the landing page" (SPEC §2.1). */}
        <Route path="*" element={<LandingPage />} />
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
      {user ? <SignedInRoutes /> : <SignedOutRoutes />}
    </ErrorBoundary>
  );
}
