/**
 * A Map of at most `max` entries that forgets the oldest first: for what is kept because it is
 * costly to make again (remembered principals, written statements, parsed filters).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number
  constructor(max: number) {
    super()
    this.#max = max
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.#max) this.delete(this.keys().next().value as K)
    return super.set(key, value)
  }
}

/** What `map` keeps for `owner` (a database, a resource's fields), made by `make` the first time. */
export const keptFor = <K extends object, V>(map: WeakMap<K, V>, owner: K, make: () => V): V => {
  let value = map.get(owner)
  if (value === undefined) {
    value = make()
    map.set(owner, value)
  }
  return value
}
