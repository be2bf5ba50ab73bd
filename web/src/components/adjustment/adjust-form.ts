import {
  type ApplyModifyLineInput,
  adjustmentLineRefusal,
  Errors,
  ModifyType,
  q,
  remainingOf,
  type SaleOrderLine,
  type SellableProduct,
} from '@app/contracts'

/** What the form asks of an existing line: leave it, add to it, or reduce it. */
export type LineChange = { type: 'keep' | typeof ModifyType.Add | typeof ModifyType.Reduce; quantity?: number | null }

/** A product appended to the order, with the unit and quantity asked. */
export type AppendedLine = {
  product: SellableProduct
  unitId: string | undefined
  quantity: number | null | undefined
}

/** What may still be taken off a line: what has not shipped (the order model's `remainingOf`). */
export const maxReduce = remainingOf

/** A problem of the form, as an i18n key under `delivery.modify.add` with its values. */
export type AdjustProblem = {
  /** The line's id, the appended product's id, or 'form'. */
  at: string
  key: 'nothing' | 'positive' | 'reduceOver' | 'unitRequired'
  values?: Record<string, unknown>
}

const positive = (n: number | null | undefined) => typeof n === 'number' && Number.isFinite(n) && n > 0

/** The form's problems (empty when it may be sent): the order model's rules for each line, as the server checks them. */
export const adjustProblems = (
  lines: readonly SaleOrderLine[],
  changes: Readonly<Record<string, LineChange | undefined>>,
  appended: readonly AppendedLine[],
): AdjustProblem[] => {
  const problems: AdjustProblem[] = []
  const onOrder = lines.map((l) => l.productId)
  const appendedIds = appended.map((a) => a.product.productId)
  const problemOf = (at: string, refusal: ReturnType<typeof adjustmentLineRefusal>, line?: SaleOrderLine) => {
    if (refusal === Errors.ReduceRule && line && positive(changes[line.id]?.quantity))
      problems.push({ at, key: 'reduceOver', values: { max: maxReduce(line) } })
    else if (refusal) problems.push({ at, key: 'positive' })
  }
  let any = false
  for (const line of lines) {
    const c = changes[line.id]
    if (!c || c.type === 'keep') continue
    any = true
    problemOf(line.id, adjustmentLineRefusal({ type: c.type, line, quantity: c.quantity }, onOrder, appendedIds), line)
  }
  for (const a of appended) {
    any = true
    if (!a.unitId) problems.push({ at: a.product.productId, key: 'unitRequired' })
    const refusal = adjustmentLineRefusal(
      { type: ModifyType.Append, productId: a.product.productId, quantity: a.quantity },
      onOrder,
      appendedIds,
    )
    problemOf(a.product.productId, refusal)
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
    return [{ type: c.type, orderLineId: line.id, quantity: q(c.quantity as number) }]
  }),
  ...appended
    .filter((a) => a.unitId && positive(a.quantity))
    .map(
      (a): ApplyModifyLineInput => ({
        type: ModifyType.Append,
        productId: a.product.productId,
        unitId: a.unitId,
        quantity: q(a.quantity as number),
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
