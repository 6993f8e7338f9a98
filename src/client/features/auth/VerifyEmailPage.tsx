import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { verifyEmail } from "../../../common/api/account";
import { VERIFY_MESSAGES } from "../../../common/email-verification";
import { call } from "../../api/client";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { useDocumentTitle } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { authKeys, useAuth } from "./useAuth";

/**
 * The page the verification link opens (issue 25): follows the token once, signed in or not,
 * and says whether the address is now verified. A refused link points to the account settings,
 * where a new one can be asked for.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { isAuthenticated } = useAuth();
  const qc = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: (value: string) => call(verifyEmail, { body: { token: value } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.me }),
  });

  useEffect(() => {
    // The token is single-use: follow it once, even when React runs the effect twice.
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  const done = verify.isSuccess;
  useDocumentTitle(
    done ? VERIFY_MESSAGES.verifiedTitle : failed ? VERIFY_MESSAGES.invalidTitle : "Verify Email",
  );
  useEffect(() => {
    if (done || failed) heading.current?.focus();
  }, [done, failed]);

  if (!done && !failed) {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-bold">Verify Email</h1>
          <Spinner label="Verifying your email address..." />
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card className="p-8 text-center">
        {done ? (
          <CheckCircle2 className="mx-auto h-12 w-12 text-primary" aria-hidden="true" />
        ) : (
          <TriangleAlert className="mx-auto h-12 w-12 text-destructive" aria-hidden="true" />
        )}
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          {done ? VERIFY_MESSAGES.verifiedTitle : VERIFY_MESSAGES.invalidTitle}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground" role={done ? "status" : "alert"}>
          {done
            ? verify.data?.message || VERIFY_MESSAGES.verified
            : !token
              ? VERIFY_MESSAGES.noToken
              : errorMessage(verify.error, VERIFY_MESSAGES.invalidToken)}
        </p>
        {isAuthenticated ? (
          <Button asChild className="mt-6">
            <Link to="/profile">Go to your profile</Link>
          </Button>
        ) : (
          <Button asChild className="mt-6">
            <Link to="/auth">Go to Sign In</Link>
          </Button>
        )}
      </Card>
    </div>
  );
}
