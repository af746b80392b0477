-- An external payment site (PAYMENT_CHECKOUT_URL; issue 30 point 1) reads the orders it takes
-- payment for and reports how each ended, with the product API's scope `payments:write`, filed
-- under the orders module; the administrators group (0021_admin.sql) holds every permission.
INSERT INTO "permissions" ("id", "module_id") VALUES ('payments:write', 'orders');
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
  SELECT "id", 'payments:write' FROM "permission_groups" WHERE "code" = 'administrators';
