// @ts-nocheck
import { styleText } from "node:util";
import type { OutputStream } from "./cli-io.ts";

type Format = Parameters<typeof styleText>[0];

/** Colour helpers: identity functions when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  /** Colours a severity or status word by its meaning. */
  tone(word: string): string;
}

/** Colour per word, as data: severities and statuses. */
const TONES: Readonly<Record<string, Format>> = Object.freeze({
  critical: ["bold", "red"] as Format,
  major: "red",
  minor: "yellow",
  info: "cyan",
  failed: "red",
  partial: "yellow",
  complete: "green",
  processing: "cyan",
  queued: "dim",
});

/**
 * Colour only on a terminal, and never when `NO_COLOR` is set to a non-empty value
 * (https://no-color.org) or `--no-color` is given.
 */
export function colorEnabled(
  stream: OutputStream,
  env: Readonly<Record<string, string | undefined>>,
  flag = true,
): boolean {
  return flag && stream.isTTY === true && !env.NO_COLOR;
}

/** Builds the colour helpers; `styleText` is told not to second-guess our decision. */
export function createStyle(enabled: boolean): Style {
  const paint = (format: Format) => (text: string) =>
    enabled ? styleText(format, text, { validateStream: false }) : text;
  return {
    enabled,
    bold: paint("bold"),
    dim: paint("dim"),
    red: paint("red"),
    yellow: paint("yellow"),
    green: paint("green"),
    tone: (word) => {
      const format = TONES[word.toLowerCase()];
      return format ? paint(format)(word) : word;
    },
  };
}
