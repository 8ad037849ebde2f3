import { stringify } from "yaml";

/**
 * A ready-to-paste entry of the accepted file for one issue, with placeholders for what people
 * decide (reason, who, until when). `stringify` quotes whatever needs quoting (an id of digits,
 * a path with a colon).
 */
export function acceptEntryYaml(path: string, content: string, issue: string): string {
  return stringify(
    [
      {
        path,
        content,
        issue,
        reason: "why this finding is acceptable",
        "accepted-by": "@your-team",
        expires: "YYYY-MM-DD",
      },
    ],
    { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN" },
  );
}
