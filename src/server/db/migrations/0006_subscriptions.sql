-- Subscriptions: plans, Stripe billing, the launch offer, custom themes and support tickets.

-- Custom themes (Pro and Premium): an accent from a fixed palette, null for the default.
ALTER TABLE users ADD COLUMN accent_color text CHECK (accent_color IS NULL OR accent_color ~ '^[a-z]{2,20}$');

CREATE TABLE plans (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (name IN ('free', 'basic', 'pro', 'premium')),
  display_name text NOT NULL,
  description text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  currency text NOT NULL DEFAULT 'usd',
  interval text NOT NULL DEFAULT 'month' CHECK (interval IN ('month', 'year')),
  features text[] NOT NULL DEFAULT '{}'::text[],
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plans_name_idx ON plans (name);
CREATE INDEX plans_sort_idx ON plans (sort_order, id);

-- One Stripe customer per member, created on their first subscription and reused after.
CREATE TABLE billing_customers (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX billing_customers_stripe_idx ON billing_customers (stripe_customer_id);

-- Every term a member has had: Stripe subscriptions and the launch offer. At most one is
-- current; its plan, status and period end are mirrored on users for cheap entitlement checks.
CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('basic', 'pro', 'premium')),
  provider text NOT NULL CHECK (provider IN ('stripe', 'promo')),
  stripe_subscription_id text,
  status text NOT NULL,
  is_current boolean NOT NULL DEFAULT false,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  current_period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_stripe_idx ON subscriptions (stripe_subscription_id);
CREATE UNIQUE INDEX subscriptions_current_idx ON subscriptions (user_id) WHERE is_current;
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, id DESC);

-- Webhook events already processed: Stripe delivers at least once, we apply each once.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_events_processed_idx ON stripe_events (processed_at);

CREATE TABLE support_tickets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject text NOT NULL,
  message text NOT NULL,
  plan text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('normal', 'priority', 'dedicated')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, id DESC);
CREATE INDEX support_tickets_queue_idx ON support_tickets (status, priority, id);
