import { appendsTo, editsOf } from "../submission/index.ts";

/** How many submissions' parsed states a codec remembers (the ones being relayed right now). */
const REMEMBERED = 32;

/** A state with its assets: the part that grows with the submission. */
interface WithAssets {
  readonly assets: readonly object[];
}

/** Turns a submission's state into its stored JSON text and back, cheaply for large ones. */
export interface StateCodec {
  /** The state that `json` holds: the one it was made from, when this codec made it. */
  parse<T extends WithAssets>(submissionId: string, json: string): T;
  /** The JSON text of `state` (every field of it, `assets` last). */
  stringify(submissionId: string, state: WithAssets): string;
}

/** What the codec last made or read for a submission. */
interface Known {
  readonly json: string;
  readonly state: WithAssets;
  /** The text of `state.assets`, inside the brackets; null when not made here. */
  readonly assetsText: string | null;
  /** How many assets `state.assets` held, and its changes in place, when this was made. */
  readonly count: number;
  readonly edits: number;
}

/** True while `state.assets` is as it was when `known` was made (it may change in place). */
function unchanged(known: Known): boolean {
  const now = counted(known.state.assets);
  return now.count === known.count && now.edits === known.edits;
}

/** True when `assets` is the assets `known` was made of with one asset added at the end. */
function addsOne(known: Known, assets: readonly object[]): boolean {
  const before = known.state.assets;
  // Added in place: one change since, and one asset more.
  if (before === assets) {
    return assets.length === known.count + 1 && editsOf(assets) === known.edits + 1;
  }
  return unchanged(known) && appendsOne(before, assets);
}

/** True when `assets` is `before` with one asset more at its end (the same objects before it). */
function appendsOne(before: readonly object[], assets: readonly object[]): boolean {
  if (assets.length !== before.length + 1) return false;
  // Made by adding one asset to `before` (the fold's way): known without comparing them all.
  if (appendsTo(before, assets)) return true;
  for (let i = 0; i < before.length; i += 1) if (before[i] !== assets[i]) return false;
  return true;
}

/** The length of `assets` and its changes in place (a state read from text may have none). */
const counted = (assets: unknown) =>
  Array.isArray(assets) ? { count: assets.length, edits: editsOf(assets) } : { count: 0, edits: 0 };

/**
 * The state's JSON text, written and read once per event, grows with its submission: for a
 * submission of 3,000 assets, parsing and serialising it whole for every event made relaying
 * quadratic (issue 35). States are immutable, and an event changes or adds one asset, so each
 * asset's text is kept with the asset object (made once); the assets' text of a state that
 * adds one asset to the last one is the last text and the new asset's (V8 joins strings
 * without copying them, until the text is written); and the text this codec last made for a
 * submission maps back to the state it was made from (the journal hands the same text back).
 */
export function createStateCodec(): StateCodec {
  const assetText = new WeakMap<object, string>();
  const last = new Map<string, Known>();

  function remember(submissionId: string, known: Known): void {
    last.delete(submissionId);
    last.set(submissionId, known);
    if (last.size > REMEMBERED) last.delete(last.keys().next().value as string);
  }

  function textOf(asset: object): string {
    let text = assetText.get(asset);
    if (text === undefined) {
      text = JSON.stringify(asset);
      assetText.set(asset, text);
    }
    return text;
  }

  function assetsTextOf(submissionId: string, assets: readonly object[]): string {
    const known = last.get(submissionId);
    if (known?.assetsText != null && addsOne(known, assets)) {
      const added = textOf(assets[assets.length - 1] as object);
      return known.assetsText === "" ? added : `${known.assetsText},${added}`;
    }
    return assets.map(textOf).join(",");
  }

  return {
    parse<T extends WithAssets>(submissionId: string, json: string): T {
      const known = last.get(submissionId);
      if (known !== undefined && known.json === json && unchanged(known)) return known.state as T;
      const state = JSON.parse(json) as T;
      remember(submissionId, { json, state, assetsText: null, ...counted(state.assets) });
      return state;
    },
    stringify(submissionId, state) {
      const { assets, ...rest } = state;
      if (!Array.isArray(assets)) return JSON.stringify(state);
      const head = JSON.stringify(rest).slice(0, -1);
      const assetsText = assetsTextOf(submissionId, assets);
      const json = `${head}${head === "{" ? "" : ","}"assets":[${assetsText}]}`;
      remember(submissionId, { json, state, assetsText, ...counted(assets) });
      return json;
    },
  };
}
