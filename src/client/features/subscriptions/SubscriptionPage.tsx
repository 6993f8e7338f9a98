import { CheckCircle2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type Plan, SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import { ApiError, errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Page } from "../../ui/page";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import {
  useCreateSubscription,
  usePaymentsConfig,
  usePlans,
  useRefreshSubscription,
  useSubscriptionStatus,
} from "./api";
import { CurrentPlanBanner } from "./CurrentPlanBanner";
import { FeatureComparison } from "./FeatureComparison";
import { PaymentDialog } from "./PaymentDialog";
import { PlanCard } from "./PlanCard";
import { ThemePicker } from "./ThemePicker";
import { UnavailableNotice } from "./UnavailableNotice";

// The support form (zod, react-hook-form) is its own chunk (issue 12 budgets).
const SupportForm = lazy(() => import("./SupportForm").then((m) => ({ default: m.SupportForm })));

const PAYMENTS_UNAVAILABLE_ID = "payments-unavailable";

/** SPEC §2.15: plan cards, current-plan banner, feature comparison and the payment modal. */
export default function SubscriptionPage() {
  const [params, setParams] = useSearchParams();
  const returned = params.get("success") === "true";
  const paymentFailed = params.get("redirect_status") === "failed";
  const success = returned && !paymentFailed;

  const plans = usePlans();
  const status = useSubscriptionStatus(success);
  const config = usePaymentsConfig();
  const create = useCreateSubscription();
  const refresh = useRefreshSubscription();
  const [checkout, setCheckout] = useState<{ plan: Plan; clientSecret: string | null } | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const current = status.data?.subscriptionTier;

  // Back from the payment (Stripe's redirect, or the modal): say so once and refresh the plan.
  const announced = useRef(false);
  useEffect(() => {
    if (!returned || announced.current) return;
    announced.current = true;
    if (paymentFailed) {
      toast({
        title: SUBSCRIPTION_MESSAGES.paymentFailedTitle,
        description: "Your payment was not completed. Please try again.",
        variant: "destructive",
      });
      return;
    }
    toast({
      title: SUBSCRIPTION_MESSAGES.paymentSuccessTitle,
      description: SUBSCRIPTION_MESSAGES.paymentSuccessDescription,
      variant: "success",
    });
    void refresh();
  }, [returned, paymentFailed, refresh]);

  const paymentsAvailable = Boolean(config.data?.publishableKey);
  // Known to be unavailable (the config has answered without a key): paid plans cannot be chosen.
  const paymentsUnavailable = Boolean(config.data) && !paymentsAvailable;

  const choose = async (plan: Plan) => {
    if (plan.name !== "free" && paymentsUnavailable) return;
    if (plan.name === "free") {
      toast({
        title: SUBSCRIPTION_MESSAGES.freePlanTitle,
        description:
          !current || current === "free"
            ? SUBSCRIPTION_MESSAGES.freePlanDescription
            : "To move to the free plan, cancel your subscription: your plan stays until the end of the billing period.",
      });
      return;
    }
    setChoosing(plan.name);
    try {
      const { clientSecret } = await create.mutateAsync(plan.id);
      setCheckout({ plan, clientSecret });
    } catch (err) {
      // The provider being unavailable opens the modal, which says so (SPEC §8).
      if (err instanceof ApiError && err.status === 503) setCheckout({ plan, clientSecret: null });
      toast({
        title: SUBSCRIPTION_MESSAGES.subscriptionErrorTitle,
        description: errorMessage(err, SUBSCRIPTION_MESSAGES.subscriptionErrorDefault),
        variant: "destructive",
      });
    } finally {
      setChoosing(null);
    }
  };

  const onPaid = () => {
    setCheckout(null);
    announced.current = false;
    setParams({ success: "true" });
  };

  return (
    <Page title="Subscription" lead="Choose the plan that fits how you take part in AI Agora.">
      {success ? (
        <Card className="mb-6 flex items-start gap-3 border-success p-5" data-testid="payment-success">
          <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden="true" />
          <div className="flex-1">
            <h2 className="text-lg font-semibold">{SUBSCRIPTION_MESSAGES.paymentSuccessTitle}</h2>
            <p className="text-sm text-muted-foreground">
              {SUBSCRIPTION_MESSAGES.paymentSuccessDescription}
              {current === "free" ? " Your new plan appears here as soon as the payment is confirmed." : ""}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setParams({})}>
            Dismiss
          </Button>
        </Card>
      ) : null}

      {status.data ? <CurrentPlanBanner status={status.data} /> : null}

      {/* Said once, here; the paid plans' buttons are inactive and point to it. */}
      {paymentsUnavailable ? (
        <UnavailableNotice id={PAYMENTS_UNAVAILABLE_ID} role="status" className="mb-6" />
      ) : null}

      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        {plans.isLoading ? (
          <Spinner label="Loading plans..." />
        ) : plans.isError || !plans.data ? (
          <EmptyState title="Plans could not be loaded" description="Please refresh the page to try again." />
        ) : (
          <div className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                isCurrent={plan.name === current}
                pending={choosing === plan.name}
                disabled={choosing !== null}
                unavailableReasonId={paymentsUnavailable ? PAYMENTS_UNAVAILABLE_ID : undefined}
                onChoose={choose}
              />
            ))}
          </div>
        )}
      </section>

      <FeatureComparison current={current} />

      {status.data ? (
        <>
          <ThemePicker allowed={status.data.entitlements.customThemes} />
          <Suspense fallback={<Spinner label="Loading support form..." />}>
            <SupportForm level={status.data.entitlements.prioritySupport} />
          </Suspense>
        </>
      ) : null}

      <PaymentDialog
        plan={checkout?.plan ?? null}
        clientSecret={checkout?.clientSecret ?? null}
        publishableKey={config.data?.publishableKey ?? null}
        onOpenChange={(open) => !open && setCheckout(null)}
        onPaid={onPaid}
      />
    </Page>
  );
}
