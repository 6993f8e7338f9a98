import { Settings } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";

// The forms inside (zod, react-hook-form) load when the dialog first opens (issue 12 budgets).
const SettingsSections = lazy(() => import("./SettingsSections"));

export function SettingsDialog() {
  const [open, setOpen] = useState(false);
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
        <SettingsSections />
      </Suspense>
    </Dialog>
  );
}
