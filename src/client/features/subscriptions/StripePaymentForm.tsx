import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useEffect, useState } from "react";
import { SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { UnavailableNotice } from "./UnavailableNotice";

/** Stripe.js is loaded once per publishable key (from js.stripe.com, allowed by the CSP). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key).catch(() => null);
    loaded.set(key, p);
  }
  return p;
}

export const RETURN_PATH = "/subscription?success=true";

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  onPaid: () => void;
}) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripe.then((s) => live && !s && setFailed(true));
    return () => {
      live = false;
    };
  }, [stripe]);
  if (failed) return <UnavailableNotice />;
  const dark = document.documentElement.classList.contains("dark");
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: dark ? "night" : "stripe" } }}>
      <CheckoutForm onPaid={onPaid} />
    </Elements>
  );
}

function CheckoutForm({ onPaid }: { onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${RETURN_PATH}` },
        redirect: "if_required",
      });
      if (result.error) {
        toast({
          title: SUBSCRIPTION_MESSAGES.paymentFailedTitle,
          description: result.error.message ?? SUBSCRIPTION_MESSAGES.paymentErrorDefault,
          variant: "destructive",
        });
      } else {
        onPaid();
      }
    } catch {
      toast({
        title: SUBSCRIPTION_MESSAGES.paymentErrorTitle,
        description: SUBSCRIPTION_MESSAGES.paymentErrorDefault,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || busy}>
        {busy ? "Processing..." : "Pay and subscribe"}
      </Button>
    </form>
  );
}
