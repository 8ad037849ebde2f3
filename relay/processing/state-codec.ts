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

/**
 * The state's JSON text, written and read once per event, grows with its submission: for a
 * submission of 3,000 assets, parsing and serialising it whole for every event made relaying
 * quadratic (issue 35). States are immutable, and an event changes one asset, so each asset's
 * text is kept with the asset object (made once), and the text this codec last made for a
 * submission maps back to the state it was made from (the journal hands the same text back).
 */
export function createStateCodec(): StateCodec {
  const assetText = new WeakMap<object, string>();
  const last = new Map<string, { readonly json: string; readonly state: WithAssets }>();

  function remember(submissionId: string, json: string, state: WithAssets): void {
    last.delete(submissionId);
    last.set(submissionId, { json, state });
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

  return {
    parse<T extends WithAssets>(submissionId: string, json: string): T {
      const known = last.get(submissionId);
      if (known !== undefined && known.json === json) return known.state as T;
      const state = JSON.parse(json) as T;
      remember(submissionId, json, state);
      return state;
    },
    stringify(submissionId, state) {
      const { assets, ...rest } = state;
      if (!Array.isArray(assets)) return JSON.stringify(state);
      const head = JSON.stringify(rest).slice(0, -1);
      const json = `${head}${head === "{" ? "" : ","}"assets":[${assets.map(textOf).join(",")}]}`;
      remember(submissionId, json, state);
      return json;
    },
  };
}
