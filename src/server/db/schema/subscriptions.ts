import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Mirrors migration 0006_subscriptions.sql. */
export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    currency: text("currency").notNull().default("usd"),
    interval: text("interval").notNull().default("month"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("plans_name_idx").on(t.name), index("plans_sort_idx").on(t.sortOrder, t.id)],
);
export type PlanRow = typeof plans.$inferSelect;

export const billingCustomers = pgTable(
  "billing_customers",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_customers_stripe_idx").on(t.stripeCustomerId)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    provider: text("provider").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    status: text("status").notNull(),
    isCurrent: boolean("is_current").notNull().default(false),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_stripe_idx").on(t.stripeSubscriptionId),
    uniqueIndex("subscriptions_current_idx").on(t.userId).where(sql`is_current`),
    index("subscriptions_user_idx").on(t.userId, t.id.desc()),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_events_processed_idx").on(t.processedAt)],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    plan: text("plan").notNull(),
    priority: text("priority").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_user_idx").on(t.userId, t.id.desc()),
    index("support_tickets_queue_idx").on(t.status, t.priority, t.id),
  ],
);
export type SupportTicketRow = typeof supportTickets.$inferSelect;
