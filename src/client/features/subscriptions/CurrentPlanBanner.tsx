import { Crown, LifeBuoy } from "lucide-react";
import { useState } from "react";
import { PLAN_DISPLAY_NAMES, type PlanName } from "../../../common/plans";
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatusBody } from "../../../common/subscriptions";
import { errorMessage } from "../../api/http";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { toast } from "../../ui/toast";
import { useCancelSubscription } from "./api";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "long" });

function describe(status: SubscriptionStatusBody): string {
  const until = status.subscriptionExpiresAt ? formatDate(status.subscriptionExpiresAt) : null;
  switch (status.subscriptionStatus) {
    case "promo":
      return until ? `Launch offer: free until ${until}.` : "Launch offer.";
    case "active":
      return until ? `Renews on ${until}.` : "Active.";
    case "past_due":
      return until
        ? `Your last payment failed. We'll retry it; your plan stays active until ${until}.`
        : "Your last payment failed. We'll retry it.";
    case "canceled":
      return status.subscriptionTier === "free"
        ? "Your subscription has ended."
        : until
          ? `Canceled: your plan stays active until ${until}.`
          : "Canceled.";
    case "expired":
      return "Your previous plan has ended. You're on the free plan.";
    default:
      return "You're on the free plan.";
  }
}

export function SupportBadge({
  level,
}: {
  level: SubscriptionStatusBody["entitlements"]["prioritySupport"];
}) {
  if (level === "no") return null;
  return (
    <Badge>
      <LifeBuoy className="h-3.5 w-3.5" aria-hidden="true" />
      {level === "dedicated" ? "Dedicated support" : "Priority support"}
    </Badge>
  );
}

/** The current-plan banner of SPEC §2.15, with cancellation (at the end of the period). */
export function CurrentPlanBanner({ status }: { status: SubscriptionStatusBody }) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const name = PLAN_DISPLAY_NAMES[status.subscriptionTier as PlanName] ?? status.subscriptionTier;

  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
      setConfirming(false);
      toast({
        title: SUBSCRIPTION_MESSAGES.canceledTitle,
        description: SUBSCRIPTION_MESSAGES.canceledDescription,
      });
    } catch (err) {
      setConfirming(false);
      toast({
        title: SUBSCRIPTION_MESSAGES.cancellationErrorTitle,
        description: errorMessage(err, SUBSCRIPTION_MESSAGES.cancellationErrorDefault),
        variant: "destructive",
      });
    }
  };

  return (
    <Card className="mb-8 flex flex-wrap items-center justify-between gap-4 p-5" data-testid="current-plan">
      <div className="flex items-start gap-3">
        <Crown className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold">
            Current plan: <span className="text-primary">{name}</span>
          </h2>
          <p className="text-sm text-muted-foreground">{describe(status)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <SupportBadge level={status.entitlements.prioritySupport} />
          </div>
        </div>
      </div>
      {status.canCancel ? (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Cancel your subscription?"
          description={
            status.subscriptionExpiresAt
              ? `You keep ${name} until ${formatDate(status.subscriptionExpiresAt)}; after that you move to the free plan.`
              : "You keep your plan until the end of the current billing period."
          }
          trigger={<Button variant="outline">Cancel subscription</Button>}
        >
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button variant="destructive" onClick={onCancel} pending={cancel.isPending}>
              {cancel.isPending ? "Canceling..." : "Cancel subscription"}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
