-- The ERP's documents go through the platform outbox (sys_outbox, topic 'erp'): every row of
-- erp_outbox moves there as it stands (pending, failed or sent; attempts, lease, reason kept), with
-- its id, its key, its order as its chain, its kind as its event, its account set as its recipient,
-- its trade id as its receiver's key and the ERP's document id as its receipt. Rows are inserted in
-- erp_outbox's order, so an order's documents keep their order in the chain.
INSERT INTO "sys_outbox" (
  "id", "topic", "key", "recipient", "subject", "event", "payload", "chain", "receiver_key", "receipt",
  "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "create_at", "sent_at"
)
SELECT e."id", 'erp', e."idempotency_key", e."account_set",
  coalesce(e."payload" -> 'saleorder' ->> 'code', e."payload" -> 'consignment' ->> 'code', o."order_no", ''),
  e."kind", e."payload", e."order_id"::text, e."trade_id", e."erp_doc_id",
  e."status", e."attempts", e."next_attempt_at", e."lease_owner", e."lease_until", e."last_error", e."create_at", e."sent_at"
FROM "erp_outbox" e
LEFT JOIN "sale_order" o ON o."id" = e."order_id"
ORDER BY e."seq";
