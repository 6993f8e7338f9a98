import { useMemo } from "react";
import { PRODUCT_NAME } from "../../../common/constants";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { installInstructions, PROMPT_FAILED_MESSAGE } from "./install-instructions";
import { closeInstallInstructions, useInstallInstructions } from "./install-store";

/**
 * Manual install instructions (SPEC §8) in an accessible dialog instead of the original's alert:
 * shown when the browser gives no install prompt, or when the prompt fails.
 */
export function InstallInstructionsDialog() {
  const reason = useInstallInstructions();
  const guide = useMemo(
    () => installInstructions(typeof navigator === "undefined" ? "" : navigator.userAgent),
    [],
  );
  return (
    <Dialog
      open={reason !== null}
      onOpenChange={(open) => {
        if (!open) closeInstallInstructions();
      }}
      title={`Install ${PRODUCT_NAME}`}
      description={
        reason === "failed"
          ? PROMPT_FAILED_MESSAGE
          : `Your browser did not offer to install ${PRODUCT_NAME} automatically. To install it manually:`
      }
    >
      <p className="text-sm font-medium">In {guide.label}:</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
        {guide.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
