import { Settings } from "lucide-react";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { oneOf } from "../../ui/one-of";
import { Spinner } from "../../ui/spinner";
import { SETTINGS_PARAM, SETTINGS_TABS } from "./settings-tabs";

// The forms inside (zod, react-hook-form) load when the dialog first opens (issue 12 budgets).
const SettingsSections = lazy(() => import("./SettingsSections"));

/**
 * The profile's Settings dialog. Open, it is in the address (`?settings=account`, or the section
 * shown first: `notifications`, `delete`), so `/settings` and other screens can link to it
 * (decision 0142); closing it takes the parameter away.
 */
export function SettingsDialog() {
  const [params, setParams] = useSearchParams();
  const value = params.get(SETTINGS_PARAM);
  const open = value !== null;
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(SETTINGS_PARAM, "account");
        else updated.delete(SETTINGS_PARAM);
        return updated;
      },
      { replace: true },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Settings"
      className="max-w-2xl"
      trigger={
        <Button variant="outline">
          <Settings className="h-4 w-4" aria-hidden="true" /> Settings
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading settings..." />}>
        <SettingsSections initialTab={oneOf(SETTINGS_TABS, value, "account")} />
      </Suspense>
    </Dialog>
  );
}
