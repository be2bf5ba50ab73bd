import { type ApplyModifyLineInput, ModifyType, type SaleOrderLine, type SellableProduct } from '@app/contracts'
import { q3 } from './delivery-form.ts'

/** What the form asks of an existing line: leave it, add to it, or reduce it. */
export type LineChange = { type: 'keep' | typeof ModifyType.Add | typeof ModifyType.Reduce; quantity?: number | null }

/** A product appended to the order, with the unit and quantity asked. */
export type AppendedLine = {
  product: SellableProduct
  unitId: string | undefined
  quantity: number | null | undefined
}

/** What may still be taken off a line: what has not shipped (SPEC 5 'not above the bought quantity'). */
export const maxReduce = (line: Pick<SaleOrderLine, 'quantity' | 'deliveredQuantity'>) =>
  Math.max(0, q3(line.quantity - line.deliveredQuantity))

/** A problem of the form, as an i18n key under `delivery.modify.add` with its values. */
export type AdjustProblem = {
  /** The line's id, the appended product's id, or 'form'. */
  at: string
  key: 'nothing' | 'positive' | 'reduceOver' | 'unitRequired'
  values?: Record<string, unknown>
}

const positive = (n: number | null | undefined) => typeof n === 'number' && Number.isFinite(n) && n > 0

/** The form's problems (empty when it may be sent); the server checks the same rules again. */
export const adjustProblems = (
  lines: readonly SaleOrderLine[],
  changes: Readonly<Record<string, LineChange | undefined>>,
  appended: readonly AppendedLine[],
): AdjustProblem[] => {
  const problems: AdjustProblem[] = []
  let any = false
  for (const line of lines) {
    const c = changes[line.id]
    if (!c || c.type === 'keep') continue
    any = true
    if (!positive(c.quantity)) problems.push({ at: line.id, key: 'positive' })
    else if (c.type === ModifyType.Reduce && q3(c.quantity as number) > maxReduce(line))
      problems.push({ at: line.id, key: 'reduceOver', values: { max: maxReduce(line) } })
  }
  for (const a of appended) {
    any = true
    if (!a.unitId) problems.push({ at: a.product.productId, key: 'unitRequired' })
    if (!positive(a.quantity)) problems.push({ at: a.product.productId, key: 'positive' })
  }
  if (!any) problems.push({ at: 'form', key: 'nothing' })
  return problems
}

/** The request's lines: added and reduced lines by order line, appended products by product and unit. */
export const adjustLines = (
  lines: readonly SaleOrderLine[],
  changes: Readonly<Record<string, LineChange | undefined>>,
  appended: readonly AppendedLine[],
): ApplyModifyLineInput[] => [
  ...lines.flatMap((line): ApplyModifyLineInput[] => {
    const c = changes[line.id]
    if (!c || c.type === 'keep' || !positive(c.quantity)) return []
    return [{ type: c.type, orderLineId: line.id, quantity: q3(c.quantity as number) }]
  }),
  ...appended
    .filter((a) => a.unitId && positive(a.quantity))
    .map(
      (a): ApplyModifyLineInput => ({
        type: ModifyType.Append,
        productId: a.product.productId,
        unitId: a.unitId,
        quantity: q3(a.quantity as number),
      }),
    ),
]

/** Products picked to append, each once, starting at its first sale unit; products already on the order are skipped. */
export const appendPicked = (
  current: readonly AppendedLine[],
  picked: readonly SellableProduct[],
  onOrder: readonly string[],
): AppendedLine[] => {
  const have = new Set([...onOrder, ...current.map((a) => a.product.productId)])
  return [
    ...current,
    ...picked
      .filter((p) => !have.has(p.productId))
      .map((p) => ({ product: p, unitId: p.units[0]?.id, quantity: null })),
  ]
}
