import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Eye, EyeOff, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword } from "../../../common/api/password-reset";
import { TIMING } from "../../../common/constants";
import { RESET_MESSAGES, type ResetFormInput, resetFormSchema } from "../../../common/password-reset";
import { call } from "../../api/client";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { describedBy, FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { useDocumentTitle } from "../../ui/page";
import { toast } from "../../ui/toast";
import { authKeys, useAuth } from "./useAuth";

function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/auth" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Sign In
      </Link>
    </p>
  );
}

/** SPEC §2.5: reads ?token=, a password + confirmation form, a success state, then /auth after 3 s. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const form = useForm<ResetFormInput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: "", confirm: "" },
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { isAuthenticated } = useAuth();
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) => call(resetPassword, { body: input }),
  });
  useDocumentTitle(!token ? "Invalid Link" : done ? "Password Reset" : "Reset Password");

  useEffect(() => {
    if (!done) return;
    heading.current?.focus();
    const timer = setTimeout(async () => {
      // Every session of the member was ended: a signed-in visitor may now be signed out.
      if (isAuthenticated) await qc.invalidateQueries({ queryKey: authKeys.me });
      navigate("/auth", { replace: true });
    }, TIMING.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, isAuthenticated, navigate, qc]);

  if (!token) {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <Card className="p-8 text-center">
          <TriangleAlert className="mx-auto h-12 w-12 text-destructive" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{RESET_MESSAGES.invalidLinkTitle}</h1>
          <p className="mt-3 text-sm text-muted-foreground">{RESET_MESSAGES.noToken}</p>
          <Button asChild className="mt-6">
            <Link to="/forgot-password">Request a new reset link</Link>
          </Button>
          <BackToSignIn />
        </Card>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const res = await reset.mutateAsync({ token, password });
      toast({
        title: RESET_MESSAGES.successTitle,
        description: res?.message || RESET_MESSAGES.success,
        variant: "success",
      });
      setDone(true);
    } catch (err) {
      const message = errorMessage(err, RESET_MESSAGES.resetFailed);
      // A validation 400 about the password goes under it; anything else (the link) under the form.
      if (!applyServerErrors(form.setError, err, ["password"])) setError(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  });

  if (done) {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <Card className="p-8 text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-primary" aria-hidden="true" />
          <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
            Password Reset Successful
          </h1>
          <p className="mt-3 text-sm text-muted-foreground" role="status">
            {RESET_MESSAGES.success} Redirecting you to sign in...
          </p>
          <Button asChild className="mt-6">
            <Link to="/auth">Go to Sign In</Link>
          </Button>
        </Card>
      </div>
    );
  }

  // Editing either field clears the message (SPEC §5).
  const clear = () => {
    setError(undefined);
    form.clearErrors();
  };
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8">
        <h1 className="text-center text-2xl font-bold">Reset Password</h1>
        <p className="mt-1 text-center text-sm text-muted-foreground">
          Choose a new password for your account.
        </p>
        <form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <FormField
            id="reset-password"
            label="New Password"
            hint={RESET_MESSAGES.passwordShort}
            required
            error={errors.password?.message}
          >
            {(control) => (
              <div className="relative">
                <Input
                  {...control}
                  type={show ? "text" : "password"}
                  autoComplete="new-password"
                  className="pr-10"
                  aria-invalid={control["aria-invalid"] ?? (error ? true : undefined)}
                  aria-describedby={describedBy(control, error ? "reset-error" : undefined)}
                  {...form.register("password", { onChange: clear })}
                />
                <button
                  type="button"
                  onClick={() => setShow((s) => !s)}
                  className="absolute right-1 top-1 rounded p-2 text-muted-foreground hover:text-foreground"
                  aria-label={show ? "Hide password" : "Show password"}
                  aria-pressed={show}
                >
                  {show ? (
                    <EyeOff className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  )}
                </button>
              </div>
            )}
          </FormField>
          <FormField id="reset-confirm" label="Confirm New Password" required error={errors.confirm?.message}>
            {(control) => (
              <Input
                {...control}
                type={show ? "text" : "password"}
                autoComplete="new-password"
                aria-invalid={control["aria-invalid"] ?? (error ? true : undefined)}
                aria-describedby={describedBy(control, error ? "reset-error" : undefined)}
                {...form.register("confirm", { onChange: clear })}
              />
            )}
          </FormField>
          {error ? (
            <p id="reset-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" pending={reset.isPending}>
            {reset.isPending ? "Resetting..." : "Reset Password"}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          Link expired?{" "}
          <Link to="/forgot-password" className="font-medium text-primary underline underline-offset-4">
            Request a new one
          </Link>
        </p>
        <BackToSignIn />
      </Card>
    </div>
  );
}
