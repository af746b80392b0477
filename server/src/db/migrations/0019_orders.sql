-- Orders and their payment (issue 30 points 1, 2, 4). A product creates an order once per
-- Idempotency-Key (the unique key: a retry, even a parallel one, lands no second order); its lines
-- are kept as they were sold; every payment attempt is kept with the reference the gateway was
-- given, its amount and its outcome. Money is whole đồng (bigint), never below zero.
CREATE TABLE "orders" (
  "id" bigserial PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "client_id" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "request_hash" text NOT NULL,
  "status" smallint NOT NULL DEFAULT 0 CHECK ("status" IN (0, 2, 3, 4)),
  "amount" bigint NOT NULL CHECK ("amount" >= 0),
  "discount" bigint NOT NULL CHECK ("discount" >= 0),
  "payment_method" text NOT NULL CHECK ("payment_method" IN ('AUTO', 'COD', 'ATM_ONLINE', 'VISA', 'BANK_TRANSFER')),
  "payment_gateway" text CHECK ("payment_gateway" IN ('vnpay', 'zalopay', 'momo')),
  "paid_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" ("client_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "order_lines" (
  "id" bigserial PRIMARY KEY,
  "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "url" text,
  "block_id" text,
  "object_type_name" text,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  "price" bigint NOT NULL CHECK ("price" >= 0),
  "discount_price" bigint CHECK ("discount_price" >= 0 AND "discount_price" <= "price")
);
--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" ("order_id", "id");
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
  "id" bigserial PRIMARY KEY,
  "reference" text NOT NULL UNIQUE,
  "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "gateway" text NOT NULL CHECK ("gateway" IN ('vnpay', 'zalopay', 'momo')),
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "state" text NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'paid', 'failed')),
  "gateway_transaction" text,
  "result_code" text,
  "locale" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" ("order_id");
