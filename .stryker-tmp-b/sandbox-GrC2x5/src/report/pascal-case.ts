/**
 * A name as one Pascal identifier, the form SARIF recommends for a rule's friendly `name`
 * (`Unqualified guarantee` → `UnqualifiedGuarantee`, `CLAIM_RISK_FREE` → `ClaimRiskFree`). Every
 * word starts with a capital followed by at least one lower-case letter or digit, as Microsoft's
 * SARIF validator checks: so a one-letter word joins the next one (`E-mail` → `Email`), and one
 * that ends the name, or a number, joins the word before (`60 s` → `60s`).
 */
// @ts-nocheck

export function pascalCase(text: string): string {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
  let out = "";
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!.toLowerCase();
    const next = words[i + 1];
    if (word.length === 1 && /\p{L}/u.test(word) && next !== undefined) {
      word += next.toLowerCase();
      i++;
    }
    const startsWord = out === "" || (word.length > 1 && /^\p{L}/u.test(word));
    out += startsWord ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  }
  return out;
}
