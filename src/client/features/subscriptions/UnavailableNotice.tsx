import { AlertTriangle } from "lucide-react";
import { SUBSCRIPTION_MESSAGES } from "../../../common/subscriptions";
import { cn } from "../../ui/cn";

/** SPEC §8: what the page and the modal say when the payment provider is unavailable. */
export function UnavailableNotice({
  id,
  className,
  role = "alert",
}: {
  id?: string;
  className?: string;
  role?: "alert" | "status";
}) {
  return (
    <div
      id={id}
      role={role}
      className={cn(
        "flex items-start gap-3 rounded-lg border border-warning bg-warning/10 p-4 text-sm",
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
      <p>{SUBSCRIPTION_MESSAGES.unavailable}</p>
    </div>
  );
}
