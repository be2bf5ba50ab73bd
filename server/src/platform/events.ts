import type { ApprovalStatus } from '@app/contracts'
import type { DbOrTx } from '../db/client.ts'

/**
 * Domain events: what happened, published inside the transaction that made it happen. Handlers
 * run in that same transaction, so an event and its consequences (e.g. the messages it becomes)
 * commit together or not at all. A handler that wants to wake other processes uses
 * `pg_notify`, which PostgreSQL delivers only on commit.
 */
export type DomainEvent =
  | {
      type: 'approval.reviewNeeded'
      /** The review instance (platform/approval); optional for compatibility. */
      reviewId?: string
      business: string
      objectId: string
      /** The business number shown to people (order number, product code...). */
      objectNo: string | null
      stepNo: number
      reviewerIds: string[]
      submitterId: string | null
    }
  | {
      /**
       * The reviews of many objects of one business started together (an import), on the same
       * first step: its reviewers are asked once for all of them.
       */
      type: 'approval.reviewsNeeded'
      business: string
      reviews: { reviewId: string; objectId: string; objectNo: string | null }[]
      /** When they started: their first step's time limit counts from here, for all of them. */
      startedAt: Date
      stepNo: number
      reviewerIds: string[]
      submitterId: string | null
    }
  | {
      type: 'approval.approved' | 'approval.rejected'
      /** The review instance and the step decided (platform/approval); optional for compatibility. */
      reviewId?: string
      stepNo?: number
      business: string
      objectId: string
      objectNo: string | null
      /** true when the whole flow is finished (approved) or ended (rejected). */
      final: boolean
      /**
       * The review's status after the decision: its object follows it (a rejection sent back to
       * the first step leaves it pending, not under review).
       */
      reviewStatus: ApprovalStatus
      submitterId: string | null
      decidedBy: string
      note: string | null
      /**
       * The step the decision made current (the next one, or the one it was sent back to) with its
       * reviewers: their review is needed, as `approval.reviewNeeded` says when a review starts.
       */
      next?: { stepNo: number; reviewerIds: string[] }
    }
  | {
      /**
       * A decision is about to be taken on a review's current step (every rule of the engine has
       * passed, nothing is written yet): a business module may refuse it by throwing, e.g. a
       * sales order's step waits for its sub-flow requests ('sub-process unfinished').
       */
      type: 'approval.deciding'
      reviewId: string
      round: number
      business: string
      objectId: string
      stepNo: number
      decision: string
      actorId: string
    }
  | {
      /**
       * A business tells people something (a sub-flow request asked of them, its answer, a
       * reviewer's change to an order): messaging writes one message per recipient in their language.
       */
      type: 'business.notify'
      recipientIds: string[]
      texts: Record<'zh' | 'en', { title: string; content: string }>
      /** The menu the message opens, and the business number it carries (`params.busObjNo`). */
      menuId: string
      objectNo: string | null
      creatorId: string | null
    }
  | {
      /**
       * An order changed in a way the ERP must learn (issue 17): approved ('saleorder': its
       * current lines), deleted after approval ('saleorder.delete'), or a delivery posted
       * ('consignment', `objectId` the delivery). The ERP outbox writes its message in this
       * transaction.
       */
      type: 'erp.changed'
      kind: 'saleorder' | 'saleorder.delete' | 'consignment'
      orderId: string
      objectId: string
    }
  | {
      /**
       * An ERP message failed its last try (issue 38): logistics is told. `messageId` the outbox
       * row, `reason` the ERP's words.
       */
      type: 'erp.syncFailed'
      orderId: string
      messageId: string
      reason: string
    }
  | {
      /** A notice went out: its recipient rows are written (`recipients` of them), in this transaction. */
      type: 'notice.published'
      noticeId: string
      recipients: number
    }

export type DomainEventType = DomainEvent['type']
type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>
type Handler<T extends DomainEventType> = (tx: DbOrTx, event: EventOf<T>) => Promise<void>

export type EventBus = {
  on<T extends DomainEventType>(type: T, handler: Handler<T>): () => void
  emit(tx: DbOrTx, event: DomainEvent): Promise<void>
}

type AnyHandler = (tx: DbOrTx, event: DomainEvent) => Promise<void>

export const createEventBus = (): EventBus => {
  const handlers = new Map<DomainEventType, Set<AnyHandler>>()
  return {
    on(type, handler) {
      let set = handlers.get(type)
      if (!set) {
        set = new Set()
        handlers.set(type, set)
      }
      // the map is keyed by type, so a handler only ever receives events of its own type
      const h = handler as unknown as AnyHandler
      set.add(h)
      return () => set.delete(h)
    },
    async emit(tx, event) {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event)
    },
  }
}
