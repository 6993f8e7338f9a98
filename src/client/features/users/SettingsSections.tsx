import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { VERIFY_MESSAGES } from "../../../common/email-verification";
import {
  CHANNEL_LABELS,
  type NotificationPreferences,
  PREFERENCE_CHANNELS,
  PREFERENCE_LABELS,
  PREFERENCE_TYPES,
  type PreferenceChannel,
  type PreferenceType,
} from "../../../common/notifications";
import {
  type AccountDeleteInput,
  accountDeleteSchema,
  type EmailChangeInput,
  emailChangeSchema,
  type PasswordChangeInput,
  passwordChangeSchema,
} from "../../../common/social";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { TabList } from "../../ui/tab-list";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { currentPushSubscription, disablePush, enablePush, pushSupported } from "../notifications/push";
import { SETTINGS_TABS, type SettingsTab } from "./settings-tabs";
import {
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useNotificationPreferences,
  useResendVerification,
  useUpdatePreferences,
} from "./useProfile";

/** Whether the current address is verified, and a way to have the link mailed again (issue 25). */
function VerificationStatus() {
  const { user } = useAuth();
  const resend = useResendVerification();
  const [note, setNote] = useState<string | undefined>();
  if (!user) return null;
  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CheckCircle2 className="h-4 w-4 text-primary" aria-hidden="true" />
        {VERIFY_MESSAGES.verifiedShort}
      </p>
    );
  }
  const send = async () => {
    // aria-disabled rather than disabled while sending, so keyboard focus stays on the button.
    if (resend.isPending) return;
    try {
      const res = await resend.mutateAsync();
      setNote(res.message || VERIFY_MESSAGES.sent);
    } catch (err) {
      setNote(errorMessage(err, "Failed to send the verification link."));
    }
  };
  return (
    <div className="space-y-2 rounded-md border border-border p-3">
      <p className="text-sm">{VERIFY_MESSAGES.unverified} Open the link we emailed you to verify it.</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={send}
        aria-disabled={resend.isPending || undefined}
      >
        {resend.isPending ? "Sending..." : "Send verification link"}
      </Button>
      <p className="text-sm text-muted-foreground" role="status">
        {note}
      </p>
    </div>
  );
}

function EmailForm() {
  const { user } = useAuth();
  const change = useChangeEmail();
  const form = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast({
        title: "Email updated",
        description: `Your email is now ${values.email.trim().toLowerCase()}. We sent a link to it: open it to verify the address.`,
        variant: "success",
      });
      form.reset();
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      applyServerErrors(form.setError, err, ["email", "password"]);
      toast({
        title: "Update Failed",
        description: errorMessage(err, "Failed to update your email."),
        variant: "destructive",
      });
    }
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <h3 className="font-semibold">Email address</h3>
      <p className="text-sm text-muted-foreground">
        Current: <span className="font-medium text-foreground">{user?.email}</span>
      </p>
      <VerificationStatus />
      <FormField id="settings-email" label="New email" required error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
      </FormField>
      <FormField
        id="settings-email-password"
        label="Current password"
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
      <Button type="submit" pending={change.isPending}>
        {change.isPending ? "Saving..." : "Change email"}
      </Button>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast({
        title: "Password changed",
        description: "Your other devices have been signed out.",
        variant: "success",
      });
      form.reset();
    } catch (err) {
      applyServerErrors(form.setError, err, ["currentPassword", "newPassword"]);
      toast({
        title: "Update Failed",
        description: errorMessage(err, "Failed to change your password."),
        variant: "destructive",
      });
    }
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3 border-t border-border pt-5">
      <h3 className="font-semibold">Password</h3>
      <FormField
        id="settings-current-password"
        label="Current password"
        required
        error={errors.currentPassword?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
          />
        )}
      </FormField>
      <FormField
        id="settings-new-password"
        label="New password"
        hint="At least 6 characters long."
        required
        error={errors.newPassword?.message}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register("newPassword")} />
        )}
      </FormField>
      <Button type="submit" pending={change.isPending}>
        {change.isPending ? "Saving..." : "Change password"}
      </Button>
    </form>
  );
}

function PushToggle() {
  const [state, setState] = useState<"unknown" | "on" | "off" | "busy">("unknown");
  const supported = pushSupported();
  useEffect(() => {
    if (!supported) return;
    void currentPushSubscription()
      .then((s) => setState(s ? "on" : "off"))
      .catch(() => setState("off"));
  }, [supported]);
  if (!supported) {
    return <p className="text-sm text-muted-foreground">This browser does not support push notifications.</p>;
  }
  const toggle = async () => {
    const turnOn = state !== "on";
    setState("busy");
    try {
      if (turnOn) await enablePush();
      else await disablePush();
      setState(turnOn ? "on" : "off");
      toast({ title: turnOn ? "Push notifications on" : "Push notifications off", variant: "success" });
    } catch (err) {
      console.warn("Push subscription failed", err);
      setState(turnOn ? "off" : "on");
      toast({
        title: "Push notifications unavailable",
        description: err instanceof Error ? err.message : "Please try again.",
        variant: "destructive",
      });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
      <p className="text-sm">
        Push on this device:{" "}
        <span className="font-medium">{state === "on" ? "on" : state === "busy" ? "…" : "off"}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={state === "busy" || state === "unknown"}
        onClick={() => void toggle()}
      >
        {state === "on" ? "Turn off on this device" : "Turn on for this device"}
      </Button>
    </div>
  );
}

function PreferencesPanel() {
  const prefs = useNotificationPreferences(true);
  const update = useUpdatePreferences();
  // The boxes follow each click at once; the server's answer (or a failure) settles them.
  const [local, setLocal] = useState<NotificationPreferences | undefined>(prefs.data);
  useEffect(() => setLocal(prefs.data), [prefs.data]);
  if (prefs.isLoading || !local) return <Spinner />;
  const set = (type: PreferenceType, channel: PreferenceChannel, value: boolean) => {
    setLocal((p) => (p ? { ...p, [type]: { ...p[type], [channel]: value } } : p));
    update.mutate(
      { [type]: { [channel]: value } },
      {
        onError: (err) => {
          setLocal(prefs.data);
          toast({
            title: "Update Failed",
            description: errorMessage(err, "Failed to save your notification settings."),
            variant: "destructive",
          });
        },
      },
    );
  };
  return (
    <div className="space-y-4">
      <table className="w-full text-sm">
        <caption className="sr-only">Notification preferences by kind and channel</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              Notify me about
            </th>
            {PREFERENCE_CHANNELS.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 text-center font-medium">
                {CHANNEL_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PREFERENCE_TYPES.map((type) => (
            <tr key={type} className="border-t border-border">
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                {PREFERENCE_LABELS[type]}
              </th>
              {PREFERENCE_CHANNELS.map((channel) => (
                <td key={channel} className="px-2 py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-[var(--primary)]"
                    aria-label={`${PREFERENCE_LABELS[type]}: ${CHANNEL_LABELS[channel]}`}
                    checked={local[type][channel]}
                    onChange={(e) => set(type, channel, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        Emails are gathered into one digest at most once an hour. Push needs this device's permission:
      </p>
      <PushToggle />
    </div>
  );
}

function DeleteAccountPanel() {
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const form = useForm<AccountDeleteInput>({
    resolver: zodResolver(accountDeleteSchema),
    defaultValues: { password: "", confirm: "" as "DELETE" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await del.mutateAsync(values);
      toast({ title: "Account deleted", description: "Your account and your content have been deleted." });
      navigate("/");
    } catch (err) {
      applyServerErrors(form.setError, err, ["password", "confirm"]);
      toast({
        title: "Deletion failed",
        description: errorMessage(err, "Failed to delete your account. Please try again."),
        variant: "destructive",
      });
    }
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm">
        Deleting your account removes your profile, posts, comments, forum threads and replies, prompts,
        ratings, follows and notifications. This cannot be undone. If you have a paid plan, cancel it first.
      </p>
      <FormField
        id="settings-delete-password"
        label="Current password"
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
        id="settings-delete-confirm"
        label="Type DELETE to confirm"
        required
        error={errors.confirm?.message}
      >
        {(control) => <Input {...control} autoComplete="off" {...form.register("confirm")} />}
      </FormField>
      <Button type="submit" variant="destructive" pending={del.isPending}>
        {del.isPending ? "Deleting..." : "Delete my account"}
      </Button>
    </form>
  );
}

const LABELS: Record<SettingsTab, string> = {
  account: "Account",
  notifications: "Notifications",
  delete: "Delete account",
};

/**
 * The profile's Settings (built for real, DESIGN §5): email, password, notifications, deletion —
 * forms with zod and react-hook-form, loaded when the dialog first opens, on `initialTab`.
 */
export default function SettingsSections({ initialTab = "account" }: { initialTab?: SettingsTab }) {
  return (
    <Tabs.Root defaultValue={initialTab}>
      <TabList
        label="Settings sections"
        tabs={SETTINGS_TABS.map((t) => ({ value: t, label: LABELS[t] }))}
        className="mb-5"
        compact
      />
      <Tabs.Content value="account" className="space-y-5">
        <EmailForm />
        <PasswordForm />
        <p className="border-t border-border pt-5 text-sm">
          Two-factor sign-in, passkeys, identity providers and the devices you're signed in on:{" "}
          <Link to="/settings/security" className="font-medium text-primary underline underline-offset-4">
            Sign-in and security
          </Link>
        </p>
        <p className="text-sm">
          A copy of everything you made or set here, to take with you:{" "}
          <Link to="/settings/data" className="font-medium text-primary underline underline-offset-4">
            Export your data
          </Link>
        </p>
      </Tabs.Content>
      <Tabs.Content value="notifications">
        <PreferencesPanel />
      </Tabs.Content>
      <Tabs.Content value="delete">
        <DeleteAccountPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}
