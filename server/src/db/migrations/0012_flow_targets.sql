-- QR codes and push requests (issue 26) are found by their target (the hub channel of their key)
-- although their browser holds them by a secret, which keeps them out of flows_live_uq.
CREATE INDEX "flows_kind_target_idx" ON "flows" ("kind", "target");
