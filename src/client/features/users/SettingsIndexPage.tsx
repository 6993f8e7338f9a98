import { Navigate } from "react-router";
import { settingsHref } from "./settings-tabs";

/**
 * `/settings`, where members of other community sites look for their settings: the profile with
 * its Settings dialog open (decision 0142).
 */
export default function SettingsIndexPage() {
  return <Navigate to={settingsHref()} replace />;
}
