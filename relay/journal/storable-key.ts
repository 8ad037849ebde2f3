/**
 * Marks a key stored escaped. It starts with ESC, which no key the relay makes starts with; a
 * key that does is escaped too, so that the mapping stays one to one.
 */
const ESCAPED = "\u001bjson:";

/**
 * A key (a submission id, an effect key) as the journal's text columns can hold it, one to one.
 * Postgres refuses U+0000 in text, and both stores turn a lone surrogate into U+FFFD, so that two
 * different submissions could share a row. Such a key is stored as its JSON string, which
 * escapes both; every other key is stored as it is, so existing journals need no migration.
 */
export function storableKey(key: string): string {
  if (!key.includes("\u0000") && key.isWellFormed() && !key.startsWith(ESCAPED)) return key;
  return `${ESCAPED}${JSON.stringify(key)}`;
}

/** The key {@link storableKey} stored: read back exactly, a lone surrogate or U+0000 included. */
export function keyFromStorable(stored: string): string {
  return stored.startsWith(ESCAPED) ? (JSON.parse(stored.slice(ESCAPED.length)) as string) : stored;
}

/**
 * Text for a column that only people read (`last_error`): U+0000 shown as U+FFFD, and lone
 * surrogates too, so that a message quoting verified input can always be written.
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "\ufffd").toWellFormed();
}
