-- A notice's message is now the reader's recipient row, no longer a copy in sys_message. The
-- state of the copies of its latest publication (written when it was published, or after) is
-- carried over: a reader who deleted them has the message removed, one who read one has read it.
UPDATE "sys_notice_recipient" r
SET "message_removed" = m.n IS NULL,
    "read_flag" = greatest(r."read_flag", coalesce(m.read_flag, 0)),
    "read_time" = coalesce(r."read_time", m.read_time)
FROM "sys_notice_recipient" r0
JOIN "sys_notice" n ON n."id" = r0."notice_id"
LEFT JOIN LATERAL (
  SELECT count(*) AS n, max("read_flag") AS read_flag, min("read_time") AS read_time
  FROM "sys_message"
  WHERE "notice_id" = r0."notice_id" AND "recipient_id" = r0."user_id"
    AND "create_time" >= coalesce(n."publish_time", '-infinity')
  HAVING count(*) > 0
) m ON true
WHERE r0."notice_id" = r."notice_id" AND r0."user_id" = r."user_id";
--> statement-breakpoint
DELETE FROM "sys_message" WHERE "notice_id" IS NOT NULL;
