import { ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { outbox } from '../../db/schema/index.ts'

/**
 * The ERP's documents in the platform outbox (`sys_outbox`): the topic 'erp', one chain per order
 * (its id), so that an order's documents reach the ERP one at a time in the order they were made;
 * the row's event is the document (ErpMessageKind), its recipient the U8 account set, its
 * receiver's key the U8 trade id and its receipt the ERP's document id.
 */
export const ERP_TOPIC = 'erp'

/** The outbox rows of an order's documents: `order` is its id, or the id column of the statement around. */
export const erpMessagesOf = (order: string | SQLWrapper): SQL =>
  sql`(${outbox.topic} = ${ERP_TOPIC} and ${outbox.chain} = ${typeof order === 'string' ? order : sql`${order}::text`})`

/** A message of the order itself (add, edit, delete), not of one of its deliveries. */
export const isOrderMessage = ne(outbox.event, 'consignment.add')
