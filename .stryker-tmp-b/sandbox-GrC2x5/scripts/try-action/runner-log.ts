/**
 * Shows an Action's stdout as a GitHub runner's log does: workflow commands are interpreted, not
 * printed (`::add-mask::` hides its value from then on, `::debug::` only with step debug on,
 * `::error::` and `::warning::` become `Error:` and `Warning:` lines, groups become headings).
 */
// @ts-nocheck

export function createRunnerLog(options: { debug?: boolean } = {}) {
  const masks: string[] = [];
  const mask = (text: string) => masks.reduce((t, m) => (m ? t.split(m).join("***") : t), text);
  return {
    /** The line as the runner would show it, or null when the runner would not show it. */
    show(raw: string): string | null {
      const command = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(raw);
      if (command === null) return mask(raw);
      const [, name, value = ""] = command;
      switch (name) {
        case "add-mask":
          masks.push(value);
          return null;
        case "debug":
          return options.debug ? `##[debug]${mask(value)}` : null;
        case "error":
          return `Error: ${mask(value)}`;
        case "warning":
          return `Warning: ${mask(value)}`;
        case "notice":
          return `Notice: ${mask(value)}`;
        case "group":
          return `▸ ${mask(value)}`;
        case "endgroup":
          return null;
        default:
          return mask(raw);
      }
    },
  };
}
