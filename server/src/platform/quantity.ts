/** A quantity rounded as the quantity columns keep it (numeric, three decimals): sums of them stay exact. */
export const q = (n: number) => Math.round(n * 1000) / 1000
