import { ShieldCheck } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "../../ui/button";
import { useTwoFactorStatus } from "./api";
import type { TwoFactorDialogKind } from "./TwoFactorDialogs";

/** The forms and dialogs (zod, react-hook-form, Radix): loaded when one first opens. */
const TwoFactorDialog = lazy(() => import("./TwoFactorDialogs"));

/** The two-factor part of Sign-in and security (issue 24 §1). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<TwoFactorDialogKind | null>(null);
  // Loaded once a dialog was first asked for, then kept mounted (closed).
  const [loaded, setLoaded] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A flow that removed its own button (turned on or off): the section takes the focus.
  const focusHeading = () => window.setTimeout(() => heading.current?.focus(), 50);
  // The dialogs have no Radix trigger (they load later): closing one gives focus back here.
  const opener = useRef<HTMLElement | null>(null);
  const open = (which: TwoFactorDialogKind) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLoaded(true);
    setDialog(which);
  };
  const closed = () =>
    window.setTimeout(() => {
      if (opener.current?.isConnected) opener.current.focus();
      else heading.current?.focus();
    }, 50);
  const s = status.data;
  return (
    <section aria-labelledby="security-two-factor" className="space-y-3 rounded-xl border border-border p-5">
      <h2
        id="security-two-factor"
        ref={heading}
        tabIndex={-1}
        className="outline-none flex items-center gap-2 text-xl font-semibold"
      >
        <ShieldCheck className="h-5 w-5" aria-hidden="true" /> Two-factor sign-in
      </h2>
      {!s ? (
        <p className="text-sm text-muted-foreground">
          {status.isError ? "Could not load this section." : "Loading..."}
        </p>
      ) : (
        <>
          {s.required ? (
            <p role="status" className="rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm">
              Administrators must turn on two-factor sign-in before using admin tools.
            </p>
          ) : null}
          {s.enabled ? (
            <>
              <p className="text-sm">
                <strong>On.</strong> Signing in asks for a code from your authenticator app after your
                password.{" "}
                {s.recoveryCodesLeft === 1
                  ? "1 recovery code left."
                  : `${s.recoveryCodesLeft} recovery codes left.`}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => open("regenerate")}>
                  New recovery codes
                </Button>
                <Button variant="outline" onClick={() => open("disable")}>
                  Turn off
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm">
                <strong>Off.</strong> Add a code from an authenticator app to your password, so a stolen
                password alone cannot open your account.
              </p>
              <Button onClick={() => open("enable")}>Turn on two-factor sign-in</Button>
            </>
          )}
        </>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          <TwoFactorDialog
            which={dialog}
            onOpenChange={(which, isOpen) => {
              setDialog(isOpen ? which : null);
              if (!isOpen) closed();
            }}
            onFinished={focusHeading}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
