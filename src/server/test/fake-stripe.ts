import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small Stripe-compatible HTTP server for the API tests (no internet): just the endpoints the
 * app calls, with the form-encoded bodies the official SDK sends, and helpers that move a
 * subscription along (pay, renew, fail) and build the events Stripe would then deliver.
 */

type Obj = Record<string, unknown>;
const DAY = 24 * 60 * 60;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | undefined;
}

/** Decodes `a[b][0][c]=v` (Stripe's encoding of nested parameters) into objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]/).filter((p) => p !== "");
    let cursor: Obj | unknown[] = out;
    parts.forEach((part, i) => {
      const container = cursor as Record<string, unknown>;
      if (i === parts.length - 1) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      cursor = container[part] as Obj;
    });
  }
  return out;
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  /** When set, the next API call answers this Stripe error (status, message). */
  failNext: { status: number; message: string } | null = null;
  /** The clock (seconds) for periods; tests move it with the app's clock. */
  nowSec = () => Math.floor(Date.now() / 1000);
  private server: http.Server | undefined;
  private seq = 0;

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error("fake Stripe is not listening");
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        try {
          const [status, payload] = this.route(req, body);
          res.writeHead(status, { "content-type": "application/json", "request-id": `req_${this.nextId()}` });
          res.end(JSON.stringify(payload));
        } catch (err) {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private nextId(): string {
    this.seq += 1;
    return `${this.seq}${randomBytes(4).toString("hex")}`;
  }

  private error(status: number, message: string, code?: string): [number, Obj] {
    return [status, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } }];
  }

  private route(req: http.IncomingMessage, body: string): [number, Obj] {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const params =
      method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });

    if (!/^Bearer sk_test_/.test(String(req.headers.authorization ?? ""))) {
      return [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
    }
    if (this.failNext) {
      const f = this.failNext;
      this.failNext = null;
      return this.error(f.status, f.message);
    }

    const seg = url.pathname.split("/").filter(Boolean); // ["v1", "customers", "cus_1"]
    const [, resource, id] = seg;
    const expand = asList(params.expand);

    if (resource === "customers") {
      if (method === "POST" && !id) {
        const customer = {
          id: `cus_${this.nextId()}`,
          object: "customer",
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          created: this.nowSec(),
          livemode: false,
        };
        this.customers.set(customer.id, customer);
        return [200, customer];
      }
      if (method === "GET" && id) {
        const customer = this.customers.get(id);
        return customer ? [200, customer] : this.error(404, `No such customer: '${id}'`, "resource_missing");
      }
    }

    if (resource === "prices") {
      if (method === "GET" && !id) {
        const keys = asList(params.lookup_keys);
        const data = [...this.prices.values()].filter(
          (p) => keys.length === 0 || keys.includes(String(p.lookup_key)),
        );
        return [200, { object: "list", data, has_more: false, url: "/v1/prices" }];
      }
      if (method === "POST" && !id) {
        const recurring = (params.recurring ?? {}) as Obj;
        const price = {
          id: `price_${this.nextId()}`,
          object: "price",
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          lookup_key: params.lookup_key ?? null,
          recurring: { interval: recurring.interval ?? "month", interval_count: 1 },
          product: `prod_${this.nextId()}`,
          type: "recurring",
        };
        this.prices.set(price.id, price);
        return [200, price];
      }
    }

    if (resource === "subscriptions") {
      if (method === "POST" && !id) return this.createSubscription(params, expand);
      const sub = id ? this.subscriptions.get(id) : undefined;
      if (!sub) return this.error(404, `No such subscription: '${id}'`, "resource_missing");
      if (method === "GET") return [200, this.view(sub, expand)];
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = params.cancel_at_period_end === "true";
        return [200, this.view(sub, expand)];
      }
      if (method === "DELETE") {
        sub.status = "canceled";
        sub.ended_at = this.nowSec();
        sub.canceled_at = this.nowSec();
        return [200, this.view(sub, expand)];
      }
    }

    return this.error(404, `Unrecognized request URL (${method}: ${url.pathname})`);
  }

  private createSubscription(params: Obj, expand: string[]): [number, Obj] {
    const customer = String(params.customer ?? "");
    if (!this.customers.has(customer))
      return this.error(400, `No such customer: '${customer}'`, "resource_missing");
    const items = (params.items ?? []) as Obj[];
    const price = this.prices.get(String(items[0]?.price ?? ""));
    if (!price) return this.error(400, "No such price", "resource_missing");
    const start = this.nowSec();
    const sub: Obj = {
      id: `sub_${this.nextId()}`,
      object: "subscription",
      customer,
      status: params.payment_behavior === "default_incomplete" ? "incomplete" : "active",
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      metadata: params.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: `si_${this.nextId()}`,
            object: "subscription_item",
            price,
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ],
      },
      latest_invoice: null,
    };
    this.subscriptions.set(String(sub.id), sub);
    sub.latest_invoice = this.newInvoice(sub, "subscription_create").id;
    return [200, this.view(sub, expand)];
  }

  private newInvoice(sub: Obj, billingReason: string): Obj {
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const invoice = {
      id: `in_${this.nextId()}`,
      object: "invoice",
      customer: sub.customer,
      status: "open",
      billing_reason: billingReason,
      amount_due: (item.price as Obj).unit_amount,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: "list",
        data: [
          {
            id: `il_${this.nextId()}`,
            object: "line_item",
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
      confirmation_secret: {
        client_secret: `pi_${this.nextId()}_secret_${randomBytes(6).toString("hex")}`,
        type: "payment_intent",
      },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** A subscription as the API returns it: the latest invoice expanded only when asked. */
  private view(sub: Obj, expand: string[]): Obj {
    const copy = structuredClone(sub);
    if (expand.some((e) => e === "latest_invoice" || e.startsWith("latest_invoice."))) {
      const invoice = structuredClone(this.invoices.get(String(sub.latest_invoice))!);
      if (!expand.includes("latest_invoice.confirmation_secret")) delete invoice.confirmation_secret;
      copy.latest_invoice = invoice;
    }
    return copy;
  }

  // ---- what happens at Stripe between calls, for tests ----

  subscription(id: string): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }

  /** The client confirmed the payment: the first invoice is paid and the subscription active. */
  pay(subId: string): Obj {
    const sub = this.subscription(subId);
    sub.status = "active";
    const invoice = this.invoices.get(String(sub.latest_invoice))!;
    invoice.status = "paid";
    return this.publicInvoice(invoice);
  }

  /** A new period starts (renewal): answers its invoice, paid or failed. */
  renew(subId: string, outcome: "paid" | "failed" = "paid"): Obj {
    const sub = this.subscription(subId);
    const item = (sub.items as { data: Obj[] }).data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + 30 * DAY;
    const invoice = this.newInvoice(sub, "subscription_cycle");
    sub.latest_invoice = invoice.id;
    invoice.status = outcome === "paid" ? "paid" : "open";
    if (outcome === "failed") sub.status = "past_due";
    return this.publicInvoice(invoice);
  }

  private publicInvoice(invoice: Obj): Obj {
    const copy = structuredClone(invoice);
    delete copy.confirmation_secret;
    return copy;
  }

  /** The payload of a webhook event, as Stripe would send it (sign it with the SDK's helper). */
  event(type: string, object: Obj, id = `evt_${this.nextId()}`): string {
    return JSON.stringify({
      id,
      object: "event",
      type,
      api_version: "2026-10-28.endive",
      created: this.nowSec(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
  }
}
