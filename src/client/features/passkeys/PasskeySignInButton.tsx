import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PASSKEY_MESSAGES } from "../../../common/passkey-messages";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { usePasskeySignIn } from "./api";

/** "Sign in with a passkey" on the sign-in screen: no username, the passkey names the account. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    if (signIn.isPending) return;
    setError(null);
    try {
      await signIn.mutateAsync();
      toast({ title: "Welcome back!", description: "You've successfully logged in.", variant: "success" });
      onSignedIn();
    } catch (err) {
      setError(errorMessage(err, PASSKEY_MESSAGES.signInFailed));
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" className="w-full" pending={signIn.isPending} onClick={start}>
        <KeyRound className="h-4 w-4" aria-hidden="true" /> {PASSKEY_MESSAGES.signInButton}
      </Button>
      <div role="alert">
        {error ? (
          <p className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
