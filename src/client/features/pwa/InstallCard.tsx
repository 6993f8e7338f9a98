import { Download, X } from "lucide-react";
import { PRODUCT_NAME } from "../../../common/constants";
import { Button } from "../../ui/button";
import { installController, requestInstall, useInstallState } from "./install-store";

/**
 * "Install AI Agora" (SPEC §2.19): a small, non-modal card with Install and Later. When it shows
 * and hides is decided by the install state machine (install-state.ts).
 */
export function InstallCard() {
  const { visible } = useInstallState();
  if (!visible) return null;
  return (
    <section
      aria-labelledby="install-card-title"
      className="relative w-full max-w-sm self-end rounded-xl border border-border bg-card p-4 pr-10 text-sm text-card-foreground shadow-lg"
    >
      <div className="flex gap-3">
        <Download className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <p id="install-card-title" className="font-semibold">
            Install {PRODUCT_NAME}
          </p>
          <p className="mt-0.5 text-muted-foreground">
            Open it from your home screen or desktop, even offline.
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => installController.dismiss()}>
          Later
        </Button>
        <Button size="sm" onClick={() => void requestInstall()}>
          Install
        </Button>
      </div>
      <button
        type="button"
        onClick={() => installController.dismiss()}
        aria-label="Dismiss install card"
        className="absolute right-2 top-2 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}

/** The landing hero's install button: only while the browser offers installation (SPEC §2.3). */
export function InstallAppButton() {
  const { promptAvailable, installed } = useInstallState();
  if (!promptAvailable || installed) return null;
  return (
    <Button variant="outline" onClick={() => void requestInstall()}>
      <Download className="h-4 w-4" aria-hidden="true" /> Install App
    </Button>
  );
}
