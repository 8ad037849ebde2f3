/**
 * The order in which round `round` runs `items`: as given in even rounds, reversed in odd ones,
 * so that what is compared sees the same machine load over the rounds.
 */
export function inTurn<T>(round: number, items: readonly T[]): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}
