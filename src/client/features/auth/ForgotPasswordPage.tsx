import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { forgotPassword } from "../../../common/api/password-reset";
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  RESET_MESSAGES,
  RESET_TOKEN_TTL_MINUTES,
} from "../../../common/password-reset";
import { call } from "../../api/client";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { useDocumentTitle } from "../../ui/page";
import { toast } from "../../ui/toast";

function focusOnMount(el: HTMLElement | null): void {
  el?.focus();
}

/** SPEC §2.5: an email form, then a "sent" state with "Try again"; a link back to /auth. */
export default function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
    reValidateMode: "onSubmit",
  });
  const [sent, setSent] = useState(false);
  const request = useMutation({
    mutationFn: (value: string) => call(forgotPassword, { body: { email: value } }),
  });
  useDocumentTitle(sent ? "Check your email" : "Forgot Password");

  // Moving between the form and the sent state moves focus along (screen readers, keyboards).
  const returning = useRef(false);
  const focusEmailOnReturn = useCallback((el: HTMLInputElement | null) => {
    if (el && returning.current) {
      returning.current = false;
      el.focus();
    }
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await request.mutateAsync(values.email);
      toast({
        title: RESET_MESSAGES.sentTitle,
        description: res?.message || RESET_MESSAGES.sent,
        variant: "success",
      });
      setSent(true);
    } catch (err) {
      applyServerErrors(form.setError, err, ["email"]);
      toast({
        title: "Error",
        description: errorMessage(err, RESET_MESSAGES.forgotFailed),
        variant: "destructive",
      });
    }
  });
  // The field's error clears as soon as it is edited (SPEC §5).
  const email = form.register("email", { onChange: () => form.clearErrors("email") });

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8">
        {sent ? (
          <div className="text-center">
            <MailCheck className="mx-auto h-12 w-12 text-primary" aria-hidden="true" />
            <h1 ref={focusOnMount} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
              Check your email
            </h1>
            <p className="mt-3 text-sm text-muted-foreground">{RESET_MESSAGES.sent}</p>
            <p className="mt-2 text-sm text-muted-foreground">
              The link expires in {RESET_TOKEN_TTL_MINUTES} minutes. If it does not arrive, check your spam
              folder.
            </p>
            <p className="mt-6 text-sm text-muted-foreground">
              Didn't receive the email?{" "}
              <Button
                variant="link"
                onClick={() => {
                  returning.current = true;
                  setSent(false);
                }}
              >
                Try again
              </Button>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-center text-2xl font-bold">Forgot Password</h1>
            <p className="mt-1 text-center text-sm text-muted-foreground">
              Enter the email address of your account and we'll send you a link to reset your password.
            </p>
            <form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
              <FormField
                id="forgot-email"
                label="Email"
                required
                error={form.formState.errors.email?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    {...email}
                    ref={(el) => {
                      email.ref(el);
                      focusEmailOnReturn(el);
                    }}
                  />
                )}
              </FormField>
              <Button type="submit" className="w-full" pending={request.isPending}>
                {request.isPending ? "Sending..." : "Send Reset Link"}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link
            to="/auth"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Sign In
          </Link>
        </p>
      </Card>
    </div>
  );
}
