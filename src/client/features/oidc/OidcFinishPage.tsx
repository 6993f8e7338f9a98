import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { emailSchema, generationSchema, usernameSchema } from "../../../common/auth";
import { GENERATION_LABELS, GENERATION_YEARS, GENERATIONS, PRODUCT_NAME } from "../../../common/constants";
import { OIDC_MESSAGES, type OidcCallbackAnswer } from "../../../common/oidc";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { useDocumentTitle } from "../../ui/page";
import { toast } from "../../ui/toast";
import { useOidcLinkAccount, useOidcSignup } from "./api";

type Pending = Extract<OidcCallbackAnswer, { status: "signup" | "link" }>;

/**
 * After the provider: a new member picks a username and generation (no account exists until they
 * submit), or a member whose account has the provider's verified email confirms with its password
 * that the provider may sign them in (docs/decisions/0089). The pending token comes from the
 * callback page in the history entry's state, never in the URL.
 */
export default function OidcFinishPage() {
  const location = useLocation();
  const pending = (location.state as { pending?: Pending } | null)?.pending;
  if (pending?.status === "signup") return <SignupForm pending={pending} />;
  if (pending?.status === "link") return <LinkForm pending={pending} />;
  return <Expired />;
}

function Frame({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8">
        <h1 className="text-center text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-center text-sm text-muted-foreground">{lead}</p>
        {children}
      </Card>
    </div>
  );
}

function Expired() {
  return (
    <Frame title="Finish signing in" lead={OIDC_MESSAGES.pendingExpired}>
      <Button asChild className="mt-6 w-full">
        <Link to="/auth">Go to Sign In</Link>
      </Button>
    </Frame>
  );
}

function ServerError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" className={message ? undefined : "!mt-0"}>
      {message ? (
        <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

const signupForm = z.object({ username: usernameSchema, email: emailSchema, generation: generationSchema });
type SignupValues = z.input<typeof signupForm>;

function SignupForm({ pending }: { pending: Extract<Pending, { status: "signup" }> }) {
  const navigate = useNavigate();
  const signup = useOidcSignup();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupForm),
    defaultValues: { username: pending.suggestedUsername, email: pending.email, generation: "millennial" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signup.mutateAsync({ token: pending.token, ...values });
      toast({ title: "Account created!", description: "Welcome to the AI community!", variant: "success" });
      navigate("/", { replace: true });
    } catch (err) {
      const message = errorMessage(err, "Something went wrong");
      const onFields = applyServerErrors(form.setError, err, ["username", "email", "generation"]);
      setServerError(onFields ? null : message);
    }
  });
  return (
    <Frame title="Finish signing up" lead={`Choose how you appear on ${PRODUCT_NAME}`}>
      <form
        method="post"
        className="mt-6 space-y-4"
        onSubmit={onSubmit}
        noValidate
        aria-label="Finish signing up"
        aria-describedby={serverError ? "oidc-signup-error" : undefined}
      >
        <FormField id="oidc-username" label="Username" required error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" {...form.register("username")} />}
        </FormField>
        <FormField
          id="oidc-email"
          label="Email"
          hint="We send a link to confirm it."
          required
          error={errors.email?.message}
        >
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
        </FormField>
        <FormField id="oidc-generation" label="Generation" required error={errors.generation?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register("generation")}
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
        <ServerError id="oidc-signup-error" message={serverError} />
        <Button type="submit" className="w-full" pending={signup.isPending}>
          {signup.isPending ? "Loading..." : "Create Account"}
        </Button>
      </form>
    </Frame>
  );
}

const linkForm = z.object({ password: z.string().min(1, "Password is required") });
type LinkValues = z.infer<typeof linkForm>;

function LinkForm({ pending }: { pending: Extract<Pending, { status: "link" }> }) {
  const navigate = useNavigate();
  const link = useOidcLinkAccount();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LinkValues>({ resolver: zodResolver(linkForm), defaultValues: { password: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await link.mutateAsync({ token: pending.token, password: values.password });
      toast({ title: "Provider linked", description: "You can now sign in with it.", variant: "success" });
      navigate("/", { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, "Something went wrong"));
    }
  });
  return (
    <Frame
      title="Link your account"
      lead={`An account with the email ${pending.email} already exists. Enter its password to sign in with your provider from now on.`}
    >
      <form
        method="post"
        className="mt-6 space-y-4"
        onSubmit={onSubmit}
        noValidate
        aria-label="Link your account"
        aria-describedby={serverError ? "oidc-link-error" : undefined}
      >
        <FormField id="oidc-link-password" label="Password" required error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register("password")}
            />
          )}
        </FormField>
        <ServerError id="oidc-link-error" message={serverError} />
        <Button type="submit" className="w-full" pending={link.isPending}>
          {link.isPending ? "Loading..." : "Link and Sign In"}
        </Button>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="text-primary hover:underline">
            Forgot Password?
          </Link>
        </p>
      </form>
    </Frame>
  );
}
