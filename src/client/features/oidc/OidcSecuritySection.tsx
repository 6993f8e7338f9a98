import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { useOidcIdentities, useStartOidc, useUnlinkOidc } from "./api";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * The identity provider on "Sign-in and security": the provider accounts linked to the member,
 * linking another, and unlinking one while the member keeps another way in (a password, or
 * another linked account); the server refuses the last one (docs/decisions/0089).
 */
export function OidcSecuritySection() {
  const identities = useOidcIdentities();
  const start = useStartOidc();
  const unlink = useUnlinkOidc();
  const [error, setError] = useState<string | null>(null);
  const data = identities.data;
  if (!data || (!data.label && data.identities.length === 0)) return null;
  const label = data.label ?? "Identity provider";

  return (
    <section aria-labelledby="oidc-section-title" className="space-y-3 rounded-lg border border-border p-5">
      <h2 id="oidc-section-title" className="text-xl font-semibold">
        Identity provider
      </h2>
      <p className="text-sm text-muted-foreground">
        Sign in with an account you already have elsewhere instead of your password.
      </p>
      {data.hasPassword ? null : (
        <p className="text-sm">
          Your account has no password yet. To set one, use{" "}
          <Link to="/forgot-password" className="font-medium text-primary underline underline-offset-4">
            Forgot Password
          </Link>{" "}
          and follow the link we email you.
        </p>
      )}
      {data.identities.length > 0 ? (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Linked accounts">
          {data.identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{identity.email || label}</p>
                <p className="text-sm text-muted-foreground">
                  Linked {dateFormat.format(new Date(identity.createdAt))}, last used{" "}
                  {dateFormat.format(new Date(identity.lastUsedAt))}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                pending={unlink.isPending && unlink.variables === identity.id}
                aria-label={`Unlink ${identity.email || label}`}
                onClick={() => {
                  setError(null);
                  unlink.mutate(identity.id, {
                    onSuccess: () => toast({ title: "Provider unlinked", variant: "success" }),
                    onError: (err) => setError(errorMessage(err, "Could not unlink the provider")),
                  });
                }}
              >
                Unlink
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">No provider account is linked.</p>
      )}
      <div role="alert">
        {error ? (
          <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      {data.label ? (
        <Button
          variant="outline"
          pending={start.isPending || start.isSuccess}
          onClick={() =>
            start.mutate("link", {
              onError: (err) => setError(errorMessage(err, "Could not reach the identity provider")),
            })
          }
        >
          <KeyRound className="h-4 w-4" aria-hidden="true" /> Link a provider account
        </Button>
      ) : null}
    </section>
  );
}
