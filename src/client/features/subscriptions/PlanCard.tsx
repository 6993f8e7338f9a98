import { Check } from "lucide-react";
import { formatPlanPrice, type Plan } from "../../../common/subscriptions";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/card";
import { cn } from "../../ui/cn";

/** One plan: name, price per interval, features, and the button that chooses it. */
export function PlanCard({
  plan,
  isCurrent,
  pending,
  disabled,
  unavailableReasonId,
  onChoose,
}: {
  plan: Plan;
  isCurrent: boolean;
  pending: boolean;
  disabled: boolean;
  /** Payments are unavailable: a paid plan's button is inactive, described by this notice. */
  unavailableReasonId?: string;
  onChoose: (plan: Plan) => void;
}) {
  const popular = plan.name === "pro";
  const titleId = `plan-${plan.name}-title`;
  const unavailable = plan.name !== "free" && unavailableReasonId !== undefined;
  return (
    <Card
      className={cn(
        "relative flex flex-col",
        popular && "border-2 border-primary shadow-md",
        isCurrent && "bg-muted/40",
      )}
      data-testid={`plan-${plan.name}`}
    >
      {popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-primary text-primary-foreground">
          Most Popular
        </Badge>
      ) : null}
      <CardHeader>
        <CardTitle id={titleId}>{plan.displayName}</CardTitle>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-3xl font-bold tracking-tight">
          {formatPlanPrice(plan.price, plan.interval, plan.currency)}
        </p>
        <ul className="flex-1 space-y-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {isCurrent && plan.name !== "free" ? (
          <Button variant="outline" disabled>
            Current Plan
          </Button>
        ) : (
          // The free plan's button stays clickable: choosing it only shows a toast (SPEC §4).
          // Inactive buttons stay focusable (aria-disabled), so focus never drops to <body>.
          <Button
            variant={popular ? "primary" : "outline"}
            aria-disabled={disabled || unavailable}
            aria-describedby={unavailable ? unavailableReasonId : undefined}
            pending={pending}
            onClick={() => onChoose(plan)}
          >
            {pending ? "Starting..." : isCurrent ? "Current Plan" : `Choose ${plan.displayName}`}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
