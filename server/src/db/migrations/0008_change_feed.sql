-- The change feed (server/src/db/change-feed.ts): after commit, every copy of the server hears which
-- account, access token, grant or provider session changed, so what it keeps in memory between requests
-- (the bearer check, server/src/features/auth/bearer.ts, kept by server/src/db/change-cache.ts) is dropped at once, whichever copy or
-- statement made the change. One channel; the payload is '<kind>:<id>'.
CREATE FUNCTION "portico_notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('portico_changes', 'user:' || OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('portico_changes', 'user:' || NEW.user_id);
  ELSE
    PERFORM pg_notify('portico_changes', 'user:' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('portico_changes', 'user:' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "portico_notify_oidc_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.type = 'AccessToken' THEN
    PERFORM pg_notify('portico_changes', 'token:' || OLD.id);
  ELSIF OLD.type = 'Grant' THEN
    PERFORM pg_notify('portico_changes', 'grant:' || OLD.id);
  ELSIF OLD.uid IS NOT NULL THEN
    PERFORM pg_notify('portico_changes', 'session:' || OLD.uid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_change_feed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "portico_notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "user_contacts_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "user_contacts"
  FOR EACH ROW EXECUTE FUNCTION "portico_notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "oidc_payloads_change_feed" AFTER UPDATE OR DELETE ON "oidc_payloads"
  FOR EACH ROW WHEN (OLD.type IN ('AccessToken', 'Session', 'Grant')) EXECUTE FUNCTION "portico_notify_oidc_change"();
