import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Eye, EyeOff } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { emailSchema, generationSchema, passwordSchema, usernameSchema } from "../../../common/auth";
import { GENERATION_LABELS, GENERATION_YEARS, GENERATIONS, PRODUCT_NAME } from "../../../common/constants";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { useDocumentTitle } from "../../ui/page";
import { toast } from "../../ui/toast";
import { OidcButton } from "../oidc";
import { PasskeySignInButton } from "../passkeys";
import { signedIn, useLogin, useRegister } from "./useAuth";

type Mode = "login" | "register";

/** The second step of a two-factor sign-in: only members who turned it on need it. */
const TwoFactorStep = lazy(() => import("./TwoFactorStep"));

const loginForm = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: z.string().optional(),
  generation: z.string().optional(),
});
const registerForm = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  generation: generationSchema,
});
type FormValues = { username: string; email?: string; password: string; generation?: string };

/** The fields a server 400's `fields` may name on this form. */
const SERVER_FIELDS = ["username", "email", "password", "generation"] as const;

const EMPTY: FormValues = { username: "", email: "", password: "", generation: "millennial" };

export default function AuthPage() {
  const [params] = useSearchParams();
  // The address says which form shows (`?mode=register`): the switch below and the header's
  // "Join Community" are links, so they work before the script has started and Back switches back.
  const mode: Mode = params.get("mode") === "register" ? "register" : "login";
  const [showPassword, setShowPassword] = useState(false);
  // The server's refusal, shown by the form as well as in the toast (which a phone's overlays may hide).
  const [serverError, setServerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Two-factor sign-in on: the password step's pending token, while the second step is asked.
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const login = useLogin();
  const register = useRegister();
  const isLogin = mode === "login";
  useDocumentTitle(isLogin ? "Sign In" : "Create Account");

  const form = useForm<FormValues>({
    // The same zod field schemas as the server, so messages match (SPEC §5).
    resolver: zodResolver(isLogin ? loginForm : registerForm) as never,
    defaultValues: EMPTY,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const pending = login.isPending || register.isPending;

  // Switching clears errors and resets the form, generation back to millennial (SPEC §4). Not on
  // the first render: what was typed into the server's page before the script started stays.
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    form.reset(EMPTY);
    form.clearErrors();
    setServerError(null);
    setShowPassword(false);
  }, [mode, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (isLogin) {
        const result = await login.mutateAsync({
          username: values.username.trim(),
          password: values.password,
        });
        if ("twoFactorRequired" in result) {
          setPendingToken(result.pendingToken);
          return;
        }
        toast({ title: "Welcome back!", description: "You've successfully logged in.", variant: "success" });
      } else {
        await register.mutateAsync({
          username: values.username.trim(),
          email: (values.email ?? "").trim(),
          password: values.password,
          generation: (values.generation ?? "millennial") as (typeof GENERATIONS)[number],
        });
        toast({ title: "Account created!", description: "Welcome to the AI community!", variant: "success" });
      }
      navigate("/");
    } catch (err) {
      const message = errorMessage(err, "Something went wrong");
      // A validation 400 names its fields: their messages go under the fields themselves.
      const onFields = applyServerErrors(form.setError, err, SERVER_FIELDS);
      setServerError(onFields ? null : message);
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  });

  // A field's error clears as soon as the field is edited (SPEC §5).
  const field = (name: keyof FormValues) => form.register(name, { onChange: () => form.clearErrors(name) });

  if (pendingToken) {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <Card className="p-8">
          <Suspense fallback={<p className="text-center text-sm text-muted-foreground">Loading...</p>}>
            <TwoFactorStep
              pendingToken={pendingToken}
              onSignedIn={async (user) => {
                await signedIn(qc, user);
                toast({
                  title: "Welcome back!",
                  description: "You've successfully logged in.",
                  variant: "success",
                });
                navigate("/");
              }}
              onCancel={() => {
                setPendingToken(null);
                form.reset(EMPTY);
              }}
            />
          </Suspense>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8">
        <h1 className="text-center text-2xl font-bold">{isLogin ? "Welcome Back" : "Join AI Community"}</h1>
        <p className="mt-1 text-center text-sm text-muted-foreground">
          {isLogin
            ? `Sign in to continue to ${PRODUCT_NAME}`
            : "Share experiences, prompts and ratings of AI models"}
        </p>
        <form
          method="post"
          className="mt-6 space-y-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={isLogin ? "Sign in" : "Create account"}
          aria-describedby={serverError ? "auth-form-error" : undefined}
        >
          <FormField id="auth-username" label="Username" required error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="username" {...field("username")} />}
          </FormField>
          {!isLogin ? (
            <FormField id="auth-email" label="Email" required error={errors.email?.message}>
              {(control) => <Input {...control} type="email" autoComplete="email" {...field("email")} />}
            </FormField>
          ) : null}
          <FormField
            id="auth-password"
            label="Password"
            // The length rule shows until the password has an error of its own.
            hint={errors.password ? undefined : "Password must be at least 6 characters long"}
            required
            error={errors.password?.message}
            labelExtra={
              isLogin ? (
                <Link to="/forgot-password" className="text-sm text-primary hover:underline">
                  Forgot Password?
                </Link>
              ) : undefined
            }
          >
            {(control) => (
              <div className="relative">
                <Input
                  {...control}
                  type={showPassword ? "text" : "password"}
                  autoComplete={isLogin ? "current-password" : "new-password"}
                  className="pr-10"
                  {...field("password")}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((s) => !s)}
                  className="absolute right-1 top-1 rounded p-2 text-muted-foreground hover:text-foreground"
                  aria-label={showPassword ? "Hide password" : "Show password"}
                  aria-pressed={showPassword}
                >
                  {showPassword ? (
                    <EyeOff className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  )}
                </button>
              </div>
            )}
          </FormField>
          {!isLogin ? (
            <FormField id="auth-generation" label="Generation" required error={errors.generation?.message}>
              {(control) => (
                <select
                  {...control}
                  {...field("generation")}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground"
                >
                  {GENERATIONS.map((g) => (
                    <option key={g} value={g}>
                      {GENERATION_LABELS[g]} ({GENERATION_YEARS[g]})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : null}
          {/* Always in the page, so screen readers announce the message when it arrives. */}
          <div id="auth-form-error" role="alert" className={serverError ? undefined : "!mt-0"}>
            {serverError ? (
              <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {serverError}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full" pending={pending}>
            {pending ? "Loading..." : isLogin ? "Sign In" : "Create Account"}
          </Button>
        </form>
        {isLogin ? (
          <div className="mt-4 space-y-4">
            <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </p>
            <PasskeySignInButton onSignedIn={() => navigate("/")} />
          </div>
        ) : null}
        <OidcButton />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {isLogin ? "Don't have an account?" : "Already have an account?"}{" "}
          <Link
            to={isLogin ? "/auth?mode=register" : "/auth"}
            className="font-medium text-primary underline underline-offset-4"
          >
            {isLogin ? "Sign up" : "Sign in"}
          </Link>
        </p>
      </Card>
    </div>
  );
}
