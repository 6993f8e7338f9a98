import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { completeTwoFactorSignIn } from "../../../common/api/two-factor";
import type { CurrentUser } from "../../../common/auth";
import { secondFactorCodeSchema } from "../../../common/two-factor";
import { call } from "../../api/client";
import { applyServerErrors } from "../../api/errors";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";

const stepForm = z.object({ code: secondFactorCodeSchema });
type StepValues = z.infer<typeof stepForm>;

/**
 * The sign-in screen's second step (issue 24 §1), loaded only when a member needs it: after the password, a code from the
 * authenticator app or a recovery code. `onSignedIn` gets the member once the session exists.
 */
export default function TwoFactorStep({
  pendingToken,
  onSignedIn,
  onCancel,
}: {
  pendingToken: string;
  onSignedIn: (user: CurrentUser) => void;
  onCancel: () => void;
}) {
  const complete = useMutation({
    mutationFn: (body: { pendingToken: string; code: string }) => call(completeTwoFactorSignIn, { body }),
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<StepValues>({ resolver: zodResolver(stepForm), defaultValues: { code: "" } });
  const { errors } = form.formState;
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form went away: focus moves to the new step, not to <body>.
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      onSignedIn(await complete.mutateAsync({ pendingToken, code }));
    } catch (err) {
      if (err instanceof ApiError && err.code === "invalid_code") {
        form.setError("code", { type: "server", message: err.message }, { shouldFocus: true });
      } else if (!applyServerErrors(form.setError, err, ["code"])) {
        setServerError(errorMessage(err, "Something went wrong"));
      }
    }
  });

  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-center text-2xl font-bold outline-none">
        Two-factor sign-in
      </h1>
      <p className="mt-1 text-center text-sm text-muted-foreground">
        Open your authenticator app and enter the code it shows for AI Agora.
      </p>
      <form
        method="post"
        className="mt-6 space-y-4"
        onSubmit={submit}
        noValidate
        aria-label="Two-factor sign-in"
      >
        <FormField
          id="two-factor-code"
          label="Authentication code"
          hint="6 digits, or one of your recovery codes"
          required
          error={errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              {...form.register("code", { onChange: () => form.clearErrors("code") })}
            />
          )}
        </FormField>
        <div id="two-factor-error" role="alert">
          {serverError ? (
            <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {serverError}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" pending={complete.isPending}>
          {complete.isPending ? "Checking..." : "Verify"}
        </Button>
        <Button type="button" variant="link" className="w-full" onClick={onCancel}>
          Back to sign in
        </Button>
      </form>
    </div>
  );
}
