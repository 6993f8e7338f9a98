import { KeyRound } from "lucide-react";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { useOidcConfig, useStartOidc } from "./api";

/**
 * "Sign in with …" on the sign-in screen: shown only when the site has a provider configured
 * (GET /api/oidc/config answers its label). Signs in, or starts signing up, a new member alike.
 */
export function OidcButton() {
  const config = useOidcConfig();
  const start = useStartOidc();
  const label = config.data?.label;
  if (!label) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="mt-4 w-full"
        pending={start.isPending || start.isSuccess}
        onClick={() =>
          start.mutate("signin", {
            onError: (err) =>
              toast({
                title: "Error",
                description: errorMessage(err, "Could not reach the identity provider"),
                variant: "destructive",
              }),
          })
        }
      >
        <KeyRound className="h-4 w-4" aria-hidden="true" /> {label}
      </Button>
    </div>
  );
}
