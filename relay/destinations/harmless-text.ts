/** C0 controls but tab and newline, and DEL: Slack and GitHub show nothing useful for them. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Verified text as it is safe to send on: U+0000 and other control characters, and lone
 * surrogates (which no UTF-8 request body can carry), shown as U+FFFD. The journal keeps the
 * text exactly; only what goes out is changed.
 */
export function harmlessText(text: string): string {
  return text.toWellFormed().replace(CONTROLS, "\ufffd");
}
