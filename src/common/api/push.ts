import { z } from "zod";
import { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "../notifications";
import { route } from "./route";

/** Web Push: the VAPID public key, and a member's browser subscriptions. */
const tags = ["push"];
const pushStatusSchema = z.object({ subscribed: z.boolean(), devices: z.number().int() });

export const getPushPublicKey = route("GET", "/api/push/public-key", "public", () => ({
  tags,
  summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
  response: pushPublicKeySchema,
}));

export const getPushStatus = route("GET", "/api/push/subscribe", "member", () => ({
  tags,
  summary: "How many browsers of the signed-in member receive push notifications",
  response: z.object({ devices: z.number().int() }),
  errors: [401],
}));

export const subscribePush = route("POST", "/api/push/subscribe", "member", () => ({
  tags,
  summary: "Register this browser's push subscription (PushSubscription.toJSON())",
  body: pushSubscriptionSchema,
  response: pushStatusSchema,
  status: 201,
  errors: [400, 401, 409, 429],
}));

export const unsubscribePush = route("DELETE", "/api/push/subscribe", "member", () => ({
  tags,
  summary: "Remove this browser's push subscription",
  body: pushUnsubscribeSchema,
  response: pushStatusSchema,
  errors: [400, 401],
}));
