-- A remembered principal now carries the codes of the user's departments (review visibility in the
-- lists: modules/sales/review-visibility.ts). Their changes announce themselves on `auth_changed`
-- like the other tables a principal comes from (0009): a user joining or leaving a department, and
-- a department's code changing or the department going.
CREATE TRIGGER sys_user_depart_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_user_depart FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_depart_auth_truncated AFTER TRUNCATE ON sys_user_depart FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_depart_auth_changed AFTER UPDATE OF org_code OR DELETE ON sys_depart FOR EACH ROW EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_depart_auth_truncated AFTER TRUNCATE ON sys_depart FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
