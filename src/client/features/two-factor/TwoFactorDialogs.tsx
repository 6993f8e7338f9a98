import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { TwoFactorSetup } from "../../../common/two-factor";
import { applyServerErrors } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from "./api";

// The API's own schemas (src/common/two-factor.ts), loaded with zod on the first submit.
const schemas = () => import("../../../common/two-factor");
const passwordResolver = lazyZodResolver(() => schemas().then((m) => m.twoFactorSetupInputSchema));
const codeResolver = lazyZodResolver(() => schemas().then((m) => m.twoFactorEnableSchema));
const disableResolver = lazyZodResolver(() => schemas().then((m) => m.twoFactorDisableSchema));

/** A refusal about the code goes under the code field; anything else to a toast. */
function showError(
  err: unknown,
  onCode: ((message: string) => void) | null,
  onPassword: (message: string) => void,
) {
  if (err instanceof ApiError && err.code === "invalid_code" && onCode) return onCode(err.message);
  if (err instanceof ApiError && err.code === "wrong_password") return onPassword(err.message);
  toast({
    title: "Something went wrong",
    description: errorMessage(err, "Please try again."),
    variant: "destructive",
  });
}

function PasswordStep({
  id,
  submitLabel,
  pending,
  onPassword,
}: {
  id: string;
  submitLabel: string;
  pending: boolean;
  onPassword: (password: string, fail: (message: string) => void) => Promise<void>;
}) {
  const form = useForm<{ password: string }>({
    resolver: passwordResolver,
    defaultValues: { password: "" },
  });
  const submit = form.handleSubmit(({ password }) =>
    onPassword(password, (message) =>
      form.setError("password", { type: "server", message }, { shouldFocus: true }),
    ),
  );
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <FormField
        id={`${id}-password`}
        label="Your password"
        required
        error={form.formState.errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register("password")}
          />
        )}
      </FormField>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // The button that led here is gone: focus goes to what the step says.
  const intro = useRef<HTMLParagraphElement>(null);
  useEffect(() => intro.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p ref={intro} tabIndex={-1} className="text-sm outline-none">
        Save these recovery codes somewhere safe, such as a password manager. Each one signs you in once if
        you lose your phone. They will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 font-mono"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button type="button" onClick={onDone}>
        I saved my recovery codes
      </Button>
    </div>
  );
}

function ScanStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const form = useForm<{ code: string }>({
    resolver: codeResolver,
    defaultValues: { code: "" },
  });
  const intro = useRef<HTMLParagraphElement>(null);
  // The password step's button is gone: focus goes to the instructions of this step.
  useEffect(() => intro.current?.focus(), []);
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onEnabled((await enable.mutateAsync(code)).recoveryCodes);
    } catch (err) {
      if (applyServerErrors(form.setError, err, ["code"])) return;
      const onCode = (message: string) =>
        form.setError("code", { type: "server", message }, { shouldFocus: true });
      showError(err, onCode, onCode);
    }
  });
  return (
    <div className="space-y-4">
      <p ref={intro} tabIndex={-1} className="text-sm outline-none">
        Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis), then
        enter the 6-digit code it shows.
      </p>
      <img
        src={setup.qrCode}
        alt="QR code to add AI Agora to your authenticator app"
        width={192}
        height={192}
        className="mx-auto rounded-md bg-white p-2"
      />
      <p className="text-sm">
        Can't scan it? Enter this key in the app instead:{" "}
        <code data-testid="two-factor-secret" className="break-all rounded bg-muted px-1 font-mono">
          {setup.secret}
        </code>
      </p>
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="two-factor-setup-code"
          label="Code from the app"
          hint="6 digits"
          required
          error={form.formState.errors.code?.message}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="one-time-code" {...form.register("code")} />
          )}
        </FormField>
        <Button type="submit" pending={enable.isPending}>
          Turn on
        </Button>
      </form>
    </div>
  );
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The flow changed the section (its trigger button is gone): the section takes the focus. */
  onFinished: () => void;
}

function EnableDialog({ open, onOpenChange, onFinished }: DialogProps) {
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setSetup(null);
      setCodes(null);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Turn on two-factor sign-in">
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            close(false);
            onFinished();
            toast({
              title: "Two-factor sign-in is on",
              description: "Your other devices were signed out.",
              variant: "success",
            });
          }}
        />
      ) : setup ? (
        <ScanStep setup={setup} onEnabled={setCodes} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm">Confirm it is you to start.</p>
          <PasswordStep
            id="two-factor-enable"
            submitLabel="Continue"
            pending={start.isPending}
            onPassword={async (password, fail) => {
              try {
                setSetup(await start.mutateAsync(password));
              } catch (err) {
                showError(err, null, fail);
              }
            }}
          />
        </div>
      )}
    </Dialog>
  );
}

function DisableDialog({ open, onOpenChange, onFinished }: DialogProps) {
  const disable = useDisableTwoFactor();
  const form = useForm<{ password: string; code: string }>({
    resolver: disableResolver,
    defaultValues: { password: "", code: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      onOpenChange(false);
      onFinished();
      form.reset();
      toast({ title: "Two-factor sign-in is off", variant: "success" });
    } catch (err) {
      if (applyServerErrors(form.setError, err, ["password", "code"])) return;
      showError(
        err,
        (message) => form.setError("code", { type: "server", message }, { shouldFocus: true }),
        (message) => form.setError("password", { type: "server", message }, { shouldFocus: true }),
      );
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Turn off two-factor sign-in"
      description="Your account will be protected by your password alone."
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="two-factor-disable-password"
          label="Your password"
          required
          error={errors.password?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register("password")}
            />
          )}
        </FormField>
        <FormField
          id="two-factor-disable-code"
          label="Authentication code"
          hint="6 digits, or one of your recovery codes"
          required
          error={errors.code?.message}
        >
          {(control) => <Input {...control} autoComplete="one-time-code" {...form.register("code")} />}
        </FormField>
        <Button type="submit" variant="destructive" pending={disable.isPending}>
          Turn off
        </Button>
      </form>
    </Dialog>
  );
}

function RegenerateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = (next: boolean) => {
    if (!next) setCodes(null);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New recovery codes"
      description="Your old recovery codes will stop working."
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => close(false)} />
      ) : (
        <PasswordStep
          id="two-factor-regenerate"
          submitLabel="Make new codes"
          pending={regenerate.isPending}
          onPassword={async (password, fail) => {
            try {
              setCodes((await regenerate.mutateAsync(password)).recoveryCodes);
            } catch (err) {
              showError(err, null, fail);
            }
          }}
        />
      )}
    </Dialog>
  );
}

export type TwoFactorDialogKind = "enable" | "disable" | "regenerate";

/** The dialogs of the two-factor section, loaded when one first opens. */
export default function TwoFactorDialog({
  which,
  onOpenChange,
  onFinished,
}: {
  which: TwoFactorDialogKind | null;
  onOpenChange: (which: TwoFactorDialogKind, open: boolean) => void;
  onFinished: () => void;
}) {
  return (
    <>
      <EnableDialog
        open={which === "enable"}
        onOpenChange={(o) => onOpenChange("enable", o)}
        onFinished={onFinished}
      />
      <DisableDialog
        open={which === "disable"}
        onOpenChange={(o) => onOpenChange("disable", o)}
        onFinished={onFinished}
      />
      <RegenerateDialog open={which === "regenerate"} onOpenChange={(o) => onOpenChange("regenerate", o)} />
    </>
  );
}
