-- The dashboard's sums by currency (src/db/schema/sales-stats.ts; the columns came in 0034): the
-- triggers of 0017 write the order's currency with each difference, compaction and rebuild keep it
-- in the key, the _facts views read it. An order whose currency changes moves its sums like one
-- whose month or scope changes. The sums are then made again from the orders.
CREATE OR REPLACE FUNCTION sale_order_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.order_date, OLD.branch_id, OLD.status, OLD.sync_status, OLD.org_code, OLD.create_by, OLD.del_flag, OLD.total_amount, OLD.currency)
      IS NOT DISTINCT FROM (NEW.order_date, NEW.branch_id, NEW.status, NEW.sync_status, NEW.org_code, NEW.create_by, NEW.del_flag, NEW.total_amount, NEW.currency) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.del_flag THEN
    INSERT INTO sale_order_stat_delta (month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount)
    VALUES (date_trunc('month', OLD.order_date)::date, coalesce(OLD.org_code, ''),
            coalesce(OLD.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(OLD.currency, ''),
            OLD.branch_id, OLD.status, OLD.sync_status, -1, -OLD.total_amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW.del_flag THEN
    INSERT INTO sale_order_stat_delta (month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount)
    VALUES (date_trunc('month', NEW.order_date)::date, coalesce(NEW.org_code, ''),
            coalesce(NEW.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(NEW.currency, ''),
            NEW.branch_id, NEW.status, NEW.sync_status, 1, NEW.total_amount);
  END IF;
  -- the lines' sums follow their order's month, scope, currency and life
  IF TG_OP = 'UPDATE' AND (date_trunc('month', OLD.order_date), OLD.org_code, OLD.create_by, OLD.del_flag, OLD.currency)
      IS DISTINCT FROM (date_trunc('month', NEW.order_date), NEW.org_code, NEW.create_by, NEW.del_flag, NEW.currency) THEN
    IF NOT OLD.del_flag THEN
      INSERT INTO sale_order_line_stat_delta (month, org_code, create_by, currency, product_id, quantity, amount)
      SELECT date_trunc('month', OLD.order_date)::date, coalesce(OLD.org_code, ''),
             coalesce(OLD.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(OLD.currency, ''),
             l.product_id, -sum(l.quantity), -sum(l.amount)
        FROM sale_order_line l WHERE l.order_id = OLD.id GROUP BY l.product_id;
    END IF;
    IF NOT NEW.del_flag THEN
      INSERT INTO sale_order_line_stat_delta (month, org_code, create_by, currency, product_id, quantity, amount)
      SELECT date_trunc('month', NEW.order_date)::date, coalesce(NEW.org_code, ''),
             coalesce(NEW.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(NEW.currency, ''),
             l.product_id, sum(l.quantity), sum(l.amount)
        FROM sale_order_line l WHERE l.order_id = NEW.id GROUP BY l.product_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER sale_order_stat ON sale_order;
--> statement-breakpoint
CREATE TRIGGER sale_order_stat AFTER INSERT OR DELETE
  OR UPDATE OF order_date, branch_id, status, sync_status, org_code, create_by, del_flag, total_amount, currency
  ON sale_order FOR EACH ROW EXECUTE FUNCTION sale_order_stat_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_order_stat_lines_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.del_flag THEN
    INSERT INTO sale_order_line_stat_delta (month, org_code, create_by, currency, product_id, quantity, amount)
    SELECT date_trunc('month', OLD.order_date)::date, coalesce(OLD.org_code, ''),
           coalesce(OLD.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(OLD.currency, ''),
           l.product_id, -sum(l.quantity), -sum(l.amount)
      FROM sale_order_line l WHERE l.order_id = OLD.id GROUP BY l.product_id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_order_line_stat_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.order_id, OLD.product_id, OLD.quantity, OLD.amount)
      IS NOT DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.quantity, NEW.amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT order_date, org_code, create_by, currency, del_flag INTO o FROM sale_order WHERE id = OLD.order_id;
    IF FOUND AND NOT o.del_flag THEN
      INSERT INTO sale_order_line_stat_delta (month, org_code, create_by, currency, product_id, quantity, amount)
      VALUES (date_trunc('month', o.order_date)::date, coalesce(o.org_code, ''),
              coalesce(o.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(o.currency, ''),
              OLD.product_id, -OLD.quantity, -OLD.amount);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT order_date, org_code, create_by, currency, del_flag INTO o FROM sale_order WHERE id = NEW.order_id;
    IF FOUND AND NOT o.del_flag THEN
      INSERT INTO sale_order_line_stat_delta (month, org_code, create_by, currency, product_id, quantity, amount)
      VALUES (date_trunc('month', o.order_date)::date, coalesce(o.org_code, ''),
              coalesce(o.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(o.currency, ''),
              NEW.product_id, NEW.quantity, NEW.amount);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP VIEW sale_order_facts;
--> statement-breakpoint
CREATE VIEW sale_order_facts AS
  SELECT month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount FROM sale_order_stat
  UNION ALL
  SELECT month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount FROM sale_order_stat_delta;
--> statement-breakpoint
DROP VIEW sale_order_line_facts;
--> statement-breakpoint
CREATE VIEW sale_order_line_facts AS
  SELECT month, org_code, create_by, currency, product_id, quantity, amount FROM sale_order_line_stat
  UNION ALL
  SELECT month, org_code, create_by, currency, product_id, quantity, amount FROM sale_order_line_stat_delta;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_stats_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('sale_stats_compact')) THEN
    RETURN;
  END IF;
  WITH moved AS (DELETE FROM sale_order_stat_delta RETURNING *)
  INSERT INTO sale_order_stat AS s (month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount)
  SELECT month, org_code, create_by, currency, branch_id, status, sync_status, sum(orders), sum(amount)
    FROM moved GROUP BY month, org_code, create_by, currency, branch_id, status, sync_status
  ON CONFLICT (month, branch_id, status, sync_status, org_code, create_by, currency)
    DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
  WITH moved AS (DELETE FROM sale_order_line_stat_delta RETURNING *)
  INSERT INTO sale_order_line_stat AS s (month, org_code, create_by, currency, product_id, quantity, amount)
  SELECT month, org_code, create_by, currency, product_id, sum(quantity), sum(amount)
    FROM moved GROUP BY month, org_code, create_by, currency, product_id
  ON CONFLICT (month, product_id, org_code, create_by, currency)
    DO UPDATE SET quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount;
  DELETE FROM sale_order_stat WHERE orders = 0;
  DELETE FROM sale_order_line_stat WHERE quantity = 0 AND amount = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE sale_order_stat, sale_order_stat_delta, sale_order_line_stat, sale_order_line_stat_delta;
  INSERT INTO sale_order_stat (month, org_code, create_by, currency, branch_id, status, sync_status, orders, amount)
  SELECT date_trunc('month', order_date)::date, coalesce(org_code, ''),
         coalesce(create_by, '00000000-0000-0000-0000-000000000000'), coalesce(currency, ''),
         branch_id, status, sync_status, count(*), sum(total_amount)
    FROM sale_order WHERE NOT del_flag GROUP BY 1, 2, 3, 4, 5, 6, 7;
  INSERT INTO sale_order_line_stat (month, org_code, create_by, currency, product_id, quantity, amount)
  SELECT date_trunc('month', o.order_date)::date, coalesce(o.org_code, ''),
         coalesce(o.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(o.currency, ''),
         l.product_id, sum(l.quantity), sum(l.amount)
    FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id WHERE NOT o.del_flag GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT sale_stats_rebuild();
