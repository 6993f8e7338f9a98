import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { PASSKEY_MESSAGES } from "../../../common/passkey-messages";
import type { Passkey } from "../../../common/passkeys";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormField } from "../../ui/form-field";
import { Input } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from "./api";
import { passkeysSupported } from "./webauthn";

// The shared schemas, and zod with them, load on a form's first submit (bench/size.ts budgets).
const schemas = () => import("../../../common/passkeys");
const nameResolver = lazyZodResolver(() => schemas().then((m) => m.renamePasskeySchema));
const removeResolver = lazyZodResolver(() => schemas().then((m) => m.removePasskeyFormSchema));
type NameValues = { name: string };
type RemoveValues = { password: string };

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The server's refusal inside a dialog, announced when it arrives. */
function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert">
      {message ? (
        <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function AddPasskeyDialog({ unsupported }: { unsupported: boolean }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddPasskey();
  const form = useForm<NameValues>({ resolver: nameResolver, defaultValues: { name: "" } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await add.mutateAsync(name);
      toast({
        title: PASSKEY_MESSAGES.added,
        description: `“${name.trim()}” can now sign you in.`,
        variant: "success",
      });
      setOpen(false);
      form.reset();
    } catch (err) {
      if (!applyServerErrors(form.setError, err, ["name"]))
        setError(errorMessage(err, PASSKEY_MESSAGES.verificationFailed));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title={PASSKEY_MESSAGES.add}
      description="Name it, then follow your browser's prompt to create the passkey on this device or a security key."
      trigger={
        <Button type="button" aria-disabled={unsupported || undefined}>
          <KeyRound className="h-4 w-4" aria-hidden="true" /> {PASSKEY_MESSAGES.add}
        </Button>
      }
    >
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={PASSKEY_MESSAGES.add}
      >
        <FormField
          id="passkey-new-name"
          label={PASSKEY_MESSAGES.nameLabel}
          hint={PASSKEY_MESSAGES.nameHint}
          required
          error={errors.name?.message}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={60} {...form.register("name")} />}
        </FormField>
        <FormError id="passkey-add-error" message={error} />
        <Button type="submit" pending={add.isPending}>
          {add.isPending ? "Waiting for your passkey..." : "Create passkey"}
        </Button>
      </form>
    </Dialog>
  );
}

function RenamePasskeyDialog({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  const rename = useRenamePasskey();
  const form = useForm<NameValues>({
    resolver: nameResolver,
    defaultValues: { name: passkey.name },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      toast({ title: PASSKEY_MESSAGES.renamed, variant: "success" });
      setOpen(false);
    } catch (err) {
      applyServerErrors(form.setError, err, ["name"]);
      toast({
        title: "Rename failed",
        description: errorMessage(err, "Failed to rename the passkey."),
        variant: "destructive",
      });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ name: passkey.name });
      }}
      title="Rename passkey"
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
      }
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Rename passkey">
        <FormField
          id={`passkey-name-${passkey.id}`}
          label={PASSKEY_MESSAGES.nameLabel}
          required
          error={errors.name?.message}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={60} {...form.register("name")} />}
        </FormField>
        <Button type="submit" pending={rename.isPending}>
          {rename.isPending ? "Saving..." : "Save name"}
        </Button>
      </form>
    </Dialog>
  );
}

/**
 * Removing needs a fresh proof (docs/decisions/0088): the password, or one of the member's passkeys.
 * The row (and the button that opened the dialog) goes away, so focus moves to the section heading.
 */
function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const removed = useRef(false);
  const remove = useRemovePasskey();
  const form = useForm<RemoveValues>({
    resolver: removeResolver,
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (passkey) {
      removed.current = false;
      setError(null);
      form.reset({ password: "" });
    }
  }, [passkey, form]);
  if (!passkey) return null;

  const done = async (password?: string) => {
    setError(null);
    try {
      const res = await remove.mutateAsync({ id: passkey.id, password });
      removed.current = true;
      toast({ title: "Passkey removed", description: res.message, variant: "success" });
      onClose();
    } catch (err) {
      const onField = password !== undefined && applyServerErrors(form.setError, err, ["password"]);
      if (!onField) setError(errorMessage(err, PASSKEY_MESSAGES.verificationFailed));
    }
  };
  const submit = form.handleSubmit(({ password }) => done(password));

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onCloseAutoFocus={(event) => {
        if (removed.current) {
          event.preventDefault();
          onRemoved();
        }
      }}
      title={`Remove “${passkey.name}”?`}
      description="It will no longer sign you in, and your other sessions will be signed out. Confirm it is you."
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Remove passkey">
        <FormField
          id="passkey-remove-password"
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
        <FormError id="passkey-remove-error" message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" pending={remove.isPending}>
            Remove passkey
          </Button>
          <Button type="button" variant="outline" pending={remove.isPending} onClick={() => done(undefined)}>
            Confirm with a passkey instead
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Passkeys" on the Sign-in and security page: list, add, rename, remove. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [unsupported, setUnsupported] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    passkeysSupported()
      .then((ok) => live && setUnsupported(!ok))
      .catch(() => live && setUnsupported(true));
    return () => {
      live = false;
    };
  }, []);
  const items = passkeys.data?.items ?? [];

  return (
    <section
      aria-labelledby="passkeys-heading"
      className="space-y-4 rounded-xl border border-border bg-card p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="passkeys-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
            {PASSKEY_MESSAGES.sectionTitle}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{PASSKEY_MESSAGES.sectionIntro}</p>
        </div>
        <AddPasskeyDialog unsupported={unsupported} />
      </div>
      {unsupported ? <p className="text-sm text-muted-foreground">{PASSKEY_MESSAGES.unsupported}</p> : null}
      {passkeys.isLoading ? (
        <Spinner />
      ) : passkeys.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(passkeys.error, "Failed to load your passkeys.")}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{PASSKEY_MESSAGES.none}</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-border rounded-md border border-border">
          {items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="break-words font-medium">{p.name}</p>
                <p className="text-sm text-muted-foreground">
                  Added {formatDate(p.createdAt)} ·{" "}
                  {p.lastUsedAt ? `Last used ${formatDate(p.lastUsedAt)}` : PASSKEY_MESSAGES.never}
                  {p.synced ? " · Synced" : ""}
                </p>
              </div>
              <div className="flex gap-2">
                <RenamePasskeyDialog passkey={p} />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setRemoving(p)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RemovePasskeyDialog
        passkey={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => heading.current?.focus()}
      />
    </section>
  );
}
