import { Navigate } from "react-router";

/**
 * `/settings`, where members of other community sites look for their settings: a member's start
 * at their profile's, whose sections link to security, data and blocked members (decision 0142).
 */
export default function SettingsIndexPage() {
  return <Navigate to="/profile/edit" replace />;
}
