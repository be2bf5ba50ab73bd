/** The greeting key for an hour of the day (SPEC 1). */
export const greetingKey = (hour: number) => {
  if (hour < 6) return 'night' as const
  if (hour < 11) return 'morning' as const
  if (hour < 14) return 'noon' as const
  if (hour < 18) return 'afternoon' as const
  return 'evening' as const
}
