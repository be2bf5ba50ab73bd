/** pg's own conversion of a bound value to its wire text (`pg/lib/utils`, exported by pg's package map, untyped). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): Buffer | string | null }
  export default utils
}
