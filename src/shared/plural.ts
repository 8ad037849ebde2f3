/** `1 credit`, `2 credits`, `0 files`: a count with its noun in the right number. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
