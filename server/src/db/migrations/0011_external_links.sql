-- Sign-in through Google, Facebook and Zalo (issue 25).
-- A provider's account is linked to at most one Portico account: the link claims' values (the
-- provider's id of the person) are unique per provider, so two racing links cannot both land.
CREATE UNIQUE INDEX "user_claims_link_uq" ON "user_claims" ("claim_type", "claim_value")
  WHERE "claim_type" IN ('google_link', 'facebook_link', 'zalo_link');
--> statement-breakpoint
-- How each sign-in was made (password, otp, token, google, facebook, zalo): the devices list and
-- the current user's idp say it.
ALTER TABLE "devices" ADD COLUMN "sign_in_method" text;
