-- Who a token belongs to and what they may do (session, user, roles, granted codes) is remembered
-- per server instance (platform/auth/principal-cache.ts). Every change to the tables it comes
-- from announces itself on the channel `auth_changed`, whoever makes it: the app on any instance
-- or somebody straight in the database. PostgreSQL delivers the notice on commit, and every
-- instance then forgets what it remembered. Inserting a user, role or session changes no
-- principal already remembered; every other change does.
CREATE FUNCTION app_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sys_session_auth_changed AFTER UPDATE OR DELETE ON sys_session FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_changed AFTER UPDATE OR DELETE ON sys_user FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_changed AFTER UPDATE OR DELETE ON sys_role FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_role_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_user_role FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_permission_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_role_permission FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_permission_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_permission FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_session_auth_truncated AFTER TRUNCATE ON sys_session FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_truncated AFTER TRUNCATE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_truncated AFTER TRUNCATE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_role_auth_truncated AFTER TRUNCATE ON sys_user_role FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_permission_auth_truncated AFTER TRUNCATE ON sys_role_permission FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_permission_auth_truncated AFTER TRUNCATE ON sys_permission FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
