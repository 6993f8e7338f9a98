import type { PlanName } from "../../../common/plans";
import type { Plan } from "../../../common/subscriptions";
import type { PlanRow } from "../../db/schema";

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name as PlanName,
    displayName: row.displayName,
    description: row.description,
    price: row.price,
    currency: row.currency,
    interval: row.interval as Plan["interval"],
    features: row.features,
  };
}
