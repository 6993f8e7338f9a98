import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { OIDC_MESSAGES } from "../../../common/oidc";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { useDocumentTitle } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useFinishOidc } from "./api";

/**
 * Where the identity provider sends the browser back (the flow's redirect URI). The page posts
 * the provider's answer to the server once, which checks it and says what comes next: signed in,
 * a new member's sign-up, an existing account to link, or a provider linked from settings.
 */
export default function OidcCallbackPage() {
  const navigate = useNavigate();
  const finish = useFinishOidc();
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(finish.isError ? "Sign-in failed" : "Signing in");

  useEffect(() => {
    // The answer is single use: post it once, even when React runs the effect twice.
    if (started.current) return;
    started.current = true;
    const query = window.location.search.slice(1);
    finish.mutate(query, {
      onSuccess: (answer) => {
        if (answer.status === "signed-in") {
          toast({
            title: "Welcome back!",
            description: "You've successfully logged in.",
            variant: "success",
          });
          navigate("/", { replace: true });
        } else if (answer.status === "linked") {
          toast({
            title: "Provider linked",
            description: "You can now sign in with it.",
            variant: "success",
          });
          navigate("/settings/security", { replace: true });
        } else {
          // The code leaves the address bar and the history: the next screen has only the pending token.
          navigate("/auth/oidc/finish", { replace: true, state: { pending: answer } });
        }
      },
    });
  }, [finish, navigate]);

  useEffect(() => {
    if (finish.isError) heading.current?.focus();
  }, [finish.isError]);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8 text-center">
        {finish.isError ? (
          <>
            <TriangleAlert className="mx-auto h-12 w-12 text-destructive" aria-hidden="true" />
            <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
              Sign-in failed
            </h1>
            <p className="mt-3 text-sm text-muted-foreground" role="alert">
              {errorMessage(finish.error, OIDC_MESSAGES.flowRefused)}
            </p>
            <Button asChild className="mt-6">
              <Link to="/auth">Go to Sign In</Link>
            </Button>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Signing in</h1>
            <Spinner label="Checking your sign-in with the identity provider..." />
          </>
        )}
      </Card>
    </div>
  );
}
