import { lazy, Suspense } from "react";
import { formatPlanPrice, type Plan } from "../../../common/subscriptions";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { UnavailableNotice } from "./UnavailableNotice";

// Stripe's libraries load only when a payment starts, not with the page.
const StripePaymentForm = lazy(() => import("./StripePaymentForm"));

/** The payment modal: the Stripe Payment Element, or the unavailable notice (SPEC §8). */
export function PaymentDialog({
  plan,
  clientSecret,
  publishableKey,
  onOpenChange,
  onPaid,
}: {
  plan: Plan | null;
  clientSecret: string | null;
  publishableKey: string | null;
  onOpenChange: (open: boolean) => void;
  onPaid: () => void;
}) {
  const available = Boolean(clientSecret && publishableKey);
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={onOpenChange}
      title={plan ? `Subscribe to ${plan.displayName}` : "Subscribe"}
      description={
        plan ? `${formatPlanPrice(plan.price, plan.interval, plan.currency)}, cancel anytime.` : undefined
      }
    >
      {available && plan ? (
        <Suspense fallback={<Spinner label="Loading secure payment form..." />}>
          <StripePaymentForm publishableKey={publishableKey!} clientSecret={clientSecret!} onPaid={onPaid} />
        </Suspense>
      ) : (
        <div className="space-y-4">
          <UnavailableNotice />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        </div>
      )}
    </Dialog>
  );
}
