// @ts-nocheck
import { MultiBar, type SingleBar } from "cli-progress";
import type { OutputStream } from "./cli-io.ts";

/** One thing being waited for: an upload (bytes) or a submission (finished assets). */
export interface ProgressTask {
  /** Sets the amount done so far; `note` is a short status such as `processing`. */
  update(value: number, note?: string): void;
  /** Marks the task finished. */
  finish(note?: string): void;
}

/** Shows progress: bars on a terminal, plain lines otherwise. Always on stderr. */
export interface ProgressReporter {
  readonly interactive: boolean;
  /** Starts a task of `total` units. */
  task(label: string, total: number, unit: "bytes" | "assets"): ProgressTask;
  /** Writes one line, above any bars. */
  line(text: string): void;
  /** Stops drawing bars; call before writing results. */
  stop(): void;
}

/** Longest label beside a bar. */
const BAR_LABEL_WIDTH = 24;

/** Plain lines report every quarter of a byte count, so logs stay short. */
const PLAIN_BYTE_STEPS = 4;

function formatAmount(value: number, unit: "bytes" | "assets"): string {
  if (unit === "assets") return `${value}`;
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} GB`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} MB`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(1)} kB`;
  return `${value} B`;
}

/**
 * A reporter on `stream`. With `interactive` (a terminal), `cli-progress` draws bars; otherwise
 * each task writes a line when it starts, at every quarter (uploads) or change (waits), and
 * when it finishes.
 */
export function createProgress(stream: OutputStream, interactive: boolean): ProgressReporter {
  return interactive ? barReporter(stream) : plainReporter(stream);
}

function plainReporter(stream: OutputStream): ProgressReporter {
  return {
    interactive: false,
    line: (text) => stream.write(`${text}\n`),
    stop: () => {},
    task(label, total, unit) {
      const of = (value: number) =>
        unit === "bytes"
          ? `${formatAmount(value, unit)} of ${formatAmount(total, unit)}`
          : `${value}/${total} assets finished`;
      let lastStep = -1;
      let lastLine = "";
      const say = (text: string) => {
        if (text === lastLine) return;
        lastLine = text;
        stream.write(`${label}: ${text}\n`);
      };
      say(unit === "bytes" ? `started (${formatAmount(total, unit)})` : of(0));
      return {
        update(value, note) {
          if (unit === "bytes") {
            const step =
              total === 0 ? PLAIN_BYTE_STEPS : Math.floor((value / total) * PLAIN_BYTE_STEPS);
            if (step <= lastStep || step === 0 || step >= PLAIN_BYTE_STEPS) return;
            lastStep = step;
            say(`${Math.round((step / PLAIN_BYTE_STEPS) * 100)}% (${of(value)})`);
          } else {
            say(note ? `${of(value)} (${note})` : of(value));
          }
        },
        finish(note) {
          say(note ? `done (${note})` : "done");
        },
      };
    },
  };
}

function barReporter(stream: OutputStream): ProgressReporter {
  let bars: MultiBar | undefined;
  const multi = () => {
    bars ??= new MultiBar({
      stream: stream as NodeJS.WritableStream,
      format: "{label} [{bar}] {percentage}% | {amount} {note}",
      barsize: 20,
      barCompleteChar: "\u2588",
      barIncompleteChar: "\u2591",
      hideCursor: null,
      clearOnComplete: false,
      stopOnComplete: false,
      autopadding: true,
      // Redraw on every update: a wait may see only a handful.
      forceRedraw: true,
    });
    return bars;
  };
  return {
    interactive: true,
    line(text) {
      if (bars) bars.log(`${text}\n`);
      else stream.write(`${text}\n`);
    },
    stop() {
      bars?.stop();
      bars = undefined;
    },
    task(label, total, unit) {
      const amount = (value: number) =>
        `${formatAmount(value, unit)}/${formatAmount(total, unit)}${unit === "assets" ? " assets" : ""}`;
      // Keep a line within 80 columns: long labels (paths, ids) are shortened.
      const shown =
        label.length > BAR_LABEL_WIDTH ? `${label.slice(0, BAR_LABEL_WIDTH - 1)}…` : label;
      const bar: SingleBar = multi().create(Math.max(total, 1), 0, {
        label: shown,
        amount: amount(0),
        note: "",
      });
      return {
        update(value, note) {
          bar.update(value, { amount: amount(value), note: note ?? "" });
        },
        finish(note) {
          bar.update(Math.max(total, 1), { amount: amount(total), note: note ?? "done" });
          bar.stop();
        },
      };
    },
  };
}
