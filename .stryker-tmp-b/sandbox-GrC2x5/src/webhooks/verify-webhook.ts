// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { standardWebhookKey } from "./sign-standard-webhook.ts";
import { timingSafeEqualBytes } from "./timing-safe-equal-bytes.ts";
import type { WebhookScheme } from "./webhook-scheme.ts";

/** Header values as Node or Express hand them over; names are matched case-insensitively. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Options of {@link createWebhookVerifier}. */
export interface WebhookVerifierOptions {
  readonly scheme: WebhookScheme;
  /** One or more secrets; any of them may match, so a secret can be rotated without downtime. */
  readonly secrets: readonly string[];
  /**
   * Allowed distance between the signed timestamp and `now`, both ways, in seconds.
   * @default 300
   */
  readonly toleranceSeconds?: number;
}

/** Input of {@link verifyWebhook}. */
export interface VerifyWebhookInput extends WebhookVerifierOptions {
  readonly headers: WebhookHeaders;
  /** The body exactly as received, before any JSON parsing. */
  readonly rawBody: Buffer | string;
  /**
   * The current time in milliseconds since the epoch.
   * @default Date.now()
   */
  readonly now?: number;
}

/** Why a delivery was refused, as a stable machine-readable word (also a metrics label). */
export type WebhookRejectReason = "no-secrets" | "missing-headers" | "malformed-headers" | "stale" | "future" | "bad-signature";

/** The verdict of {@link verifyWebhook}. */
export type WebhookVerdict = {
  readonly ok: true;
  /** The sender's message id (`webhook-id` or `x-github-delivery`), or null if none was sent. */
  readonly id: string | null;
  /** The signed timestamp in seconds, or null for `github`, which signs none. */
  readonly timestamp: number | null;
  /** Which of `secrets` matched: tells an operator when an old secret can be dropped. */
  readonly secretIndex: number;
} | {
  readonly ok: false;
  readonly reason: WebhookRejectReason;
  readonly message: string;
};

/** A verifier with its keys prepared once; `verify` runs per delivery. */
export interface WebhookVerifier {
  /** Verifies one delivery; `now` is in milliseconds since the epoch (default `Date.now()`). */
  verify(headers: WebhookHeaders, rawBody: Buffer | string, now?: number): WebhookVerdict;
}
interface SchemeParts {
  readonly id: string | null;
  readonly timestamp: number | null;
  /** Signatures offered by the sender, decoded to bytes. */
  readonly offered: readonly Buffer[];
  /** What the scheme signs before the body (`id.timestamp.`, `timestamp.`), or "" (GitHub). */
  readonly prefix: string;
}
type ParseResult = SchemeParts | {
  readonly reason: WebhookRejectReason;
  readonly message: string;
};
const TIMESTAMP = stryMutAct_9fa48("88") ? /^\D{1,15}$/ : stryMutAct_9fa48("87") ? /^\d$/ : stryMutAct_9fa48("86") ? /^\d{1,15}/ : stryMutAct_9fa48("85") ? /\d{1,15}$/ : (stryCov_9fa48("85", "86", "87", "88"), /^\d{1,15}$/);

/**
 * Whole seconds since 1970, or null. `Number` alone would take `0x10`, `1e3`, ` 12` or "" (0),
 * and a `NaN` would pass both window checks unnoticed: so the pattern first, and then whatever
 * it let through must still be a safe integer.
 */
function parseSeconds(text: string): number | null {
  if (stryMutAct_9fa48("89")) {
    {}
  } else {
    stryCov_9fa48("89");
    const seconds = TIMESTAMP.test(text) ? Number(text) : Number.NaN;
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
}
function header(headers: WebhookHeaders, name: string): string | undefined {
  if (stryMutAct_9fa48("90")) {
    {}
  } else {
    stryCov_9fa48("90");
    // Node hands over lower-case names: look there first, then match any other spelling.
    let value = headers[name];
    if (stryMutAct_9fa48("93") ? value !== undefined : stryMutAct_9fa48("92") ? false : stryMutAct_9fa48("91") ? true : (stryCov_9fa48("91", "92", "93"), value === undefined)) {
      if (stryMutAct_9fa48("94")) {
        {}
      } else {
        stryCov_9fa48("94");
        for (const key of Object.keys(headers)) {
          if (stryMutAct_9fa48("95")) {
            {}
          } else {
            stryCov_9fa48("95");
            if (stryMutAct_9fa48("98") ? key.toLowerCase() !== name : stryMutAct_9fa48("97") ? false : stryMutAct_9fa48("96") ? true : (stryCov_9fa48("96", "97", "98"), (stryMutAct_9fa48("99") ? key.toUpperCase() : (stryCov_9fa48("99"), key.toLowerCase())) === name)) {
              if (stryMutAct_9fa48("100")) {
                {}
              } else {
                stryCov_9fa48("100");
                value = headers[key];
                break;
              }
            }
          }
        }
      }
    }
    const v = Array.isArray(value) ? value[0] : value;
    return (stryMutAct_9fa48("103") ? typeof v === "string" || v.length > 0 : stryMutAct_9fa48("102") ? false : stryMutAct_9fa48("101") ? true : (stryCov_9fa48("101", "102", "103"), (stryMutAct_9fa48("105") ? typeof v !== "string" : stryMutAct_9fa48("104") ? true : (stryCov_9fa48("104", "105"), typeof v === (stryMutAct_9fa48("106") ? "" : (stryCov_9fa48("106"), "string")))) && (stryMutAct_9fa48("109") ? v.length <= 0 : stryMutAct_9fa48("108") ? v.length >= 0 : stryMutAct_9fa48("107") ? true : (stryCov_9fa48("107", "108", "109"), v.length > 0)))) ? v : undefined;
  }
}
function missing(names: string): ParseResult {
  if (stryMutAct_9fa48("110")) {
    {}
  } else {
    stryCov_9fa48("110");
    return stryMutAct_9fa48("111") ? {} : (stryCov_9fa48("111"), {
      reason: stryMutAct_9fa48("112") ? "" : (stryCov_9fa48("112"), "missing-headers"),
      message: stryMutAct_9fa48("113") ? `` : (stryCov_9fa48("113"), `Missing header(s): ${names}`)
    });
  }
}
function malformed(message: string): ParseResult {
  if (stryMutAct_9fa48("114")) {
    {}
  } else {
    stryCov_9fa48("114");
    return stryMutAct_9fa48("115") ? {} : (stryCov_9fa48("115"), {
      reason: stryMutAct_9fa48("116") ? "" : (stryCov_9fa48("116"), "malformed-headers"),
      message
    });
  }
}
function parseStandard(headers: WebhookHeaders): ParseResult {
  if (stryMutAct_9fa48("117")) {
    {}
  } else {
    stryCov_9fa48("117");
    const id = header(headers, stryMutAct_9fa48("118") ? "" : (stryCov_9fa48("118"), "webhook-id"));
    const ts = header(headers, stryMutAct_9fa48("119") ? "" : (stryCov_9fa48("119"), "webhook-timestamp"));
    const sig = header(headers, stryMutAct_9fa48("120") ? "" : (stryCov_9fa48("120"), "webhook-signature"));
    if (stryMutAct_9fa48("123") ? (id === undefined || ts === undefined) && sig === undefined : stryMutAct_9fa48("122") ? false : stryMutAct_9fa48("121") ? true : (stryCov_9fa48("121", "122", "123"), (stryMutAct_9fa48("125") ? id === undefined && ts === undefined : stryMutAct_9fa48("124") ? false : (stryCov_9fa48("124", "125"), (stryMutAct_9fa48("127") ? id !== undefined : stryMutAct_9fa48("126") ? false : (stryCov_9fa48("126", "127"), id === undefined)) || (stryMutAct_9fa48("129") ? ts !== undefined : stryMutAct_9fa48("128") ? false : (stryCov_9fa48("128", "129"), ts === undefined)))) || (stryMutAct_9fa48("131") ? sig !== undefined : stryMutAct_9fa48("130") ? false : (stryCov_9fa48("130", "131"), sig === undefined)))) {
      if (stryMutAct_9fa48("132")) {
        {}
      } else {
        stryCov_9fa48("132");
        return missing(stryMutAct_9fa48("133") ? "" : (stryCov_9fa48("133"), "webhook-id, webhook-timestamp, webhook-signature"));
      }
    }
    const timestamp = parseSeconds(ts);
    if (stryMutAct_9fa48("136") ? timestamp !== null : stryMutAct_9fa48("135") ? false : stryMutAct_9fa48("134") ? true : (stryCov_9fa48("134", "135", "136"), timestamp === null)) return malformed(stryMutAct_9fa48("137") ? "" : (stryCov_9fa48("137"), "webhook-timestamp must be whole seconds since 1970"));
    // "v1,<base64> v1,<base64>": several signatures while the sender rotates. Other versions are
    // skipped, and so is a part with more after the signature (`v1,<sig>,<extra>`): not a v1 signature.
    const offered: Buffer[] = stryMutAct_9fa48("138") ? ["Stryker was here"] : (stryCov_9fa48("138"), []);
    for (const part of sig.split(stryMutAct_9fa48("139") ? "" : (stryCov_9fa48("139"), " "))) {
      if (stryMutAct_9fa48("140")) {
        {}
      } else {
        stryCov_9fa48("140");
        const [version, signature, ...extra] = part.split(stryMutAct_9fa48("141") ? "" : (stryCov_9fa48("141"), ","));
        if (stryMutAct_9fa48("144") ? (version !== "v1" || signature === undefined) && extra.length > 0 : stryMutAct_9fa48("143") ? false : stryMutAct_9fa48("142") ? true : (stryCov_9fa48("142", "143", "144"), (stryMutAct_9fa48("146") ? version !== "v1" && signature === undefined : stryMutAct_9fa48("145") ? false : (stryCov_9fa48("145", "146"), (stryMutAct_9fa48("148") ? version === "v1" : stryMutAct_9fa48("147") ? false : (stryCov_9fa48("147", "148"), version !== (stryMutAct_9fa48("149") ? "" : (stryCov_9fa48("149"), "v1")))) || (stryMutAct_9fa48("151") ? signature !== undefined : stryMutAct_9fa48("150") ? false : (stryCov_9fa48("150", "151"), signature === undefined)))) || (stryMutAct_9fa48("154") ? extra.length <= 0 : stryMutAct_9fa48("153") ? extra.length >= 0 : stryMutAct_9fa48("152") ? false : (stryCov_9fa48("152", "153", "154"), extra.length > 0)))) continue;
        offered.push(Buffer.from(signature, stryMutAct_9fa48("156") ? "" : (stryCov_9fa48("156"), "base64")));
      }
    }
    if (stryMutAct_9fa48("159") ? offered.length !== 0 : stryMutAct_9fa48("158") ? false : stryMutAct_9fa48("157") ? true : (stryCov_9fa48("157", "158", "159"), offered.length === 0)) return malformed(stryMutAct_9fa48("160") ? "" : (stryCov_9fa48("160"), "webhook-signature holds no v1 signature"));
    return stryMutAct_9fa48("161") ? {} : (stryCov_9fa48("161"), {
      id,
      timestamp,
      offered,
      prefix: stryMutAct_9fa48("162") ? `` : (stryCov_9fa48("162"), `${id}.${ts}.`)
    });
  }
}
const GITHUB_SIGNATURE = stryMutAct_9fa48("166") ? /^sha256=([^0-9a-fA-F]{64})$/ : stryMutAct_9fa48("165") ? /^sha256=([0-9a-fA-F])$/ : stryMutAct_9fa48("164") ? /^sha256=([0-9a-fA-F]{64})/ : stryMutAct_9fa48("163") ? /sha256=([0-9a-fA-F]{64})$/ : (stryCov_9fa48("163", "164", "165", "166"), /^sha256=([0-9a-fA-F]{64})$/);
function parseGithub(headers: WebhookHeaders): ParseResult {
  if (stryMutAct_9fa48("167")) {
    {}
  } else {
    stryCov_9fa48("167");
    const sig = header(headers, stryMutAct_9fa48("168") ? "" : (stryCov_9fa48("168"), "x-hub-signature-256"));
    if (stryMutAct_9fa48("171") ? sig !== undefined : stryMutAct_9fa48("170") ? false : stryMutAct_9fa48("169") ? true : (stryCov_9fa48("169", "170", "171"), sig === undefined)) return missing(stryMutAct_9fa48("172") ? "" : (stryCov_9fa48("172"), "x-hub-signature-256"));
    const match = GITHUB_SIGNATURE.exec(sig);
    if (stryMutAct_9fa48("175") ? match !== null : stryMutAct_9fa48("174") ? false : stryMutAct_9fa48("173") ? true : (stryCov_9fa48("173", "174", "175"), match === null)) return malformed(stryMutAct_9fa48("176") ? "" : (stryCov_9fa48("176"), "x-hub-signature-256 must be sha256=<64 hex digits>"));
    return stryMutAct_9fa48("177") ? {} : (stryCov_9fa48("177"), {
      id: stryMutAct_9fa48("178") ? (header(headers, "x-github-delivery") ?? header(headers, "webhook-id")) && null : (stryCov_9fa48("178"), (stryMutAct_9fa48("179") ? header(headers, "x-github-delivery") && header(headers, "webhook-id") : (stryCov_9fa48("179"), header(headers, stryMutAct_9fa48("180") ? "" : (stryCov_9fa48("180"), "x-github-delivery")) ?? header(headers, stryMutAct_9fa48("181") ? "" : (stryCov_9fa48("181"), "webhook-id")))) ?? null),
      timestamp: null,
      offered: stryMutAct_9fa48("182") ? [] : (stryCov_9fa48("182"), [Buffer.from(match[1] as string, stryMutAct_9fa48("183") ? "" : (stryCov_9fa48("183"), "hex"))]),
      prefix: stryMutAct_9fa48("184") ? "Stryker was here!" : (stryCov_9fa48("184"), "")
    });
  }
}
const HEX_SIGNATURE = stryMutAct_9fa48("188") ? /^[^0-9a-fA-F]{64}$/ : stryMutAct_9fa48("187") ? /^[0-9a-fA-F]$/ : stryMutAct_9fa48("186") ? /^[0-9a-fA-F]{64}/ : stryMutAct_9fa48("185") ? /[0-9a-fA-F]{64}$/ : (stryCov_9fa48("185", "186", "187", "188"), /^[0-9a-fA-F]{64}$/);
function parseStripe(headers: WebhookHeaders): ParseResult {
  if (stryMutAct_9fa48("189")) {
    {}
  } else {
    stryCov_9fa48("189");
    const sig = header(headers, stryMutAct_9fa48("190") ? "" : (stryCov_9fa48("190"), "stripe-signature"));
    if (stryMutAct_9fa48("193") ? sig !== undefined : stryMutAct_9fa48("192") ? false : stryMutAct_9fa48("191") ? true : (stryCov_9fa48("191", "192", "193"), sig === undefined)) return missing(stryMutAct_9fa48("194") ? "" : (stryCov_9fa48("194"), "stripe-signature"));
    let ts: string | undefined;
    const offered: Buffer[] = stryMutAct_9fa48("195") ? ["Stryker was here"] : (stryCov_9fa48("195"), []);
    for (const item of sig.split(stryMutAct_9fa48("196") ? "" : (stryCov_9fa48("196"), ","))) {
      if (stryMutAct_9fa48("197")) {
        {}
      } else {
        stryCov_9fa48("197");
        const eq = item.indexOf(stryMutAct_9fa48("198") ? "" : (stryCov_9fa48("198"), "="));
        const key = stryMutAct_9fa48("200") ? item.trim() : stryMutAct_9fa48("199") ? item.slice(0, eq) : (stryCov_9fa48("199", "200"), item.slice(0, eq).trim());
        const value = stryMutAct_9fa48("202") ? item.trim() : stryMutAct_9fa48("201") ? item.slice(eq + 1) : (stryCov_9fa48("201", "202"), item.slice(stryMutAct_9fa48("203") ? eq - 1 : (stryCov_9fa48("203"), eq + 1)).trim());
        if (stryMutAct_9fa48("206") ? key !== "t" : stryMutAct_9fa48("205") ? false : stryMutAct_9fa48("204") ? true : (stryCov_9fa48("204", "205", "206"), key === (stryMutAct_9fa48("207") ? "" : (stryCov_9fa48("207"), "t")))) ts = value;else if (stryMutAct_9fa48("210") ? key === "v1" || HEX_SIGNATURE.test(value) : stryMutAct_9fa48("209") ? false : stryMutAct_9fa48("208") ? true : (stryCov_9fa48("208", "209", "210"), (stryMutAct_9fa48("212") ? key !== "v1" : stryMutAct_9fa48("211") ? true : (stryCov_9fa48("211", "212"), key === (stryMutAct_9fa48("213") ? "" : (stryCov_9fa48("213"), "v1")))) && HEX_SIGNATURE.test(value))) offered.push(Buffer.from(value, stryMutAct_9fa48("215") ? "" : (stryCov_9fa48("215"), "hex")));
      }
    }
    const timestamp = (stryMutAct_9fa48("218") ? ts !== undefined : stryMutAct_9fa48("217") ? false : stryMutAct_9fa48("216") ? true : (stryCov_9fa48("216", "217", "218"), ts === undefined)) ? null : parseSeconds(ts);
    if (stryMutAct_9fa48("221") ? timestamp !== null : stryMutAct_9fa48("220") ? false : stryMutAct_9fa48("219") ? true : (stryCov_9fa48("219", "220", "221"), timestamp === null)) return malformed(stryMutAct_9fa48("222") ? "" : (stryCov_9fa48("222"), "stripe-signature must carry t=<seconds since 1970>"));
    if (stryMutAct_9fa48("225") ? offered.length !== 0 : stryMutAct_9fa48("224") ? false : stryMutAct_9fa48("223") ? true : (stryCov_9fa48("223", "224", "225"), offered.length === 0)) return malformed(stryMutAct_9fa48("226") ? "" : (stryCov_9fa48("226"), "stripe-signature holds no v1 signature"));
    return stryMutAct_9fa48("227") ? {} : (stryCov_9fa48("227"), {
      id: stryMutAct_9fa48("228") ? header(headers, "webhook-id") && null : (stryCov_9fa48("228"), header(headers, stryMutAct_9fa48("229") ? "" : (stryCov_9fa48("229"), "webhook-id")) ?? null),
      timestamp,
      offered,
      prefix: stryMutAct_9fa48("230") ? `` : (stryCov_9fa48("230"), `${ts}.`)
    });
  }
}
const PARSERS: Record<WebhookScheme, (headers: WebhookHeaders) => ParseResult> = stryMutAct_9fa48("231") ? {} : (stryCov_9fa48("231"), {
  "standard-webhooks": parseStandard,
  github: parseGithub,
  stripe: parseStripe
});

/** The HMAC key of one secret: Standard Webhooks uses the base64 bytes, GitHub and Stripe the text. */
function prepareKey(scheme: WebhookScheme, secret: string): KeyObject {
  if (stryMutAct_9fa48("232")) {
    {}
  } else {
    stryCov_9fa48("232");
    return createSecretKey((stryMutAct_9fa48("235") ? scheme !== "standard-webhooks" : stryMutAct_9fa48("234") ? false : stryMutAct_9fa48("233") ? true : (stryCov_9fa48("233", "234", "235"), scheme === (stryMutAct_9fa48("236") ? "" : (stryCov_9fa48("236"), "standard-webhooks")))) ? standardWebhookKey(secret) : Buffer.from(secret, stryMutAct_9fa48("237") ? "" : (stryCov_9fa48("237"), "utf8")));
  }
}

/**
 * Prepares a verifier, framework-free: headers and raw bytes in, a verdict out. The secrets are
 * decoded into HMAC keys once, here, not per delivery (a raw `Buffer` key costs Node several
 * times the HMAC itself). Signatures are compared in constant time against every secret, and the
 * timestamp (where the scheme signs one) must lie within `toleranceSeconds` of `now`.
 */
export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  if (stryMutAct_9fa48("238")) {
    {}
  } else {
    stryCov_9fa48("238");
    // An empty secret is skipped; the others keep their place, so `secretIndex` names the right one.
    const keys = options.secrets.flatMap(stryMutAct_9fa48("239") ? () => undefined : (stryCov_9fa48("239"), (secret, index) => (stryMutAct_9fa48("243") ? secret.length <= 0 : stryMutAct_9fa48("242") ? secret.length >= 0 : stryMutAct_9fa48("241") ? false : stryMutAct_9fa48("240") ? true : (stryCov_9fa48("240", "241", "242", "243"), secret.length > 0)) ? stryMutAct_9fa48("244") ? [] : (stryCov_9fa48("244"), [stryMutAct_9fa48("245") ? {} : (stryCov_9fa48("245"), {
      index,
      key: prepareKey(options.scheme, secret)
    })]) : stryMutAct_9fa48("246") ? ["Stryker was here"] : (stryCov_9fa48("246"), [])));
    const parse = PARSERS[options.scheme];
    const tolerance = stryMutAct_9fa48("247") ? options.toleranceSeconds && 300 : (stryCov_9fa48("247"), options.toleranceSeconds ?? 300);
    return stryMutAct_9fa48("248") ? {} : (stryCov_9fa48("248"), {
      verify(headers, rawBody, now = Date.now()) {
        if (stryMutAct_9fa48("249")) {
          {}
        } else {
          stryCov_9fa48("249");
          if (stryMutAct_9fa48("252") ? keys.length !== 0 : stryMutAct_9fa48("251") ? false : stryMutAct_9fa48("250") ? true : (stryCov_9fa48("250", "251", "252"), keys.length === 0)) {
            if (stryMutAct_9fa48("253")) {
              {}
            } else {
              stryCov_9fa48("253");
              return stryMutAct_9fa48("254") ? {} : (stryCov_9fa48("254"), {
                ok: stryMutAct_9fa48("255") ? true : (stryCov_9fa48("255"), false),
                reason: stryMutAct_9fa48("256") ? "" : (stryCov_9fa48("256"), "no-secrets"),
                message: stryMutAct_9fa48("257") ? "" : (stryCov_9fa48("257"), "No webhook secret is configured")
              });
            }
          }
          const parts = parse(headers);
          if (stryMutAct_9fa48("259") ? false : stryMutAct_9fa48("258") ? true : (stryCov_9fa48("258", "259"), (stryMutAct_9fa48("260") ? "" : (stryCov_9fa48("260"), "reason")) in parts)) return stryMutAct_9fa48("261") ? {} : (stryCov_9fa48("261"), {
            ok: stryMutAct_9fa48("262") ? true : (stryCov_9fa48("262"), false),
            ...parts
          });
          if (stryMutAct_9fa48("265") ? parts.timestamp === null : stryMutAct_9fa48("264") ? false : stryMutAct_9fa48("263") ? true : (stryCov_9fa48("263", "264", "265"), parts.timestamp !== null)) {
            if (stryMutAct_9fa48("266")) {
              {}
            } else {
              stryCov_9fa48("266");
              const nowSeconds = Math.floor(stryMutAct_9fa48("267") ? now * 1000 : (stryCov_9fa48("267"), now / 1000));
              if (stryMutAct_9fa48("271") ? parts.timestamp >= nowSeconds - tolerance : stryMutAct_9fa48("270") ? parts.timestamp <= nowSeconds - tolerance : stryMutAct_9fa48("269") ? false : stryMutAct_9fa48("268") ? true : (stryCov_9fa48("268", "269", "270", "271"), parts.timestamp < (stryMutAct_9fa48("272") ? nowSeconds + tolerance : (stryCov_9fa48("272"), nowSeconds - tolerance)))) {
                if (stryMutAct_9fa48("273")) {
                  {}
                } else {
                  stryCov_9fa48("273");
                  return stryMutAct_9fa48("274") ? {} : (stryCov_9fa48("274"), {
                    ok: stryMutAct_9fa48("275") ? true : (stryCov_9fa48("275"), false),
                    reason: stryMutAct_9fa48("276") ? "" : (stryCov_9fa48("276"), "stale"),
                    message: stryMutAct_9fa48("277") ? "" : (stryCov_9fa48("277"), "Timestamp is older than the tolerance")
                  });
                }
              }
              if (stryMutAct_9fa48("281") ? parts.timestamp <= nowSeconds + tolerance : stryMutAct_9fa48("280") ? parts.timestamp >= nowSeconds + tolerance : stryMutAct_9fa48("279") ? false : stryMutAct_9fa48("278") ? true : (stryCov_9fa48("278", "279", "280", "281"), parts.timestamp > (stryMutAct_9fa48("282") ? nowSeconds - tolerance : (stryCov_9fa48("282"), nowSeconds + tolerance)))) {
                if (stryMutAct_9fa48("283")) {
                  {}
                } else {
                  stryCov_9fa48("283");
                  return stryMutAct_9fa48("284") ? {} : (stryCov_9fa48("284"), {
                    ok: stryMutAct_9fa48("285") ? true : (stryCov_9fa48("285"), false),
                    reason: stryMutAct_9fa48("286") ? "" : (stryCov_9fa48("286"), "future"),
                    message: stryMutAct_9fa48("287") ? "" : (stryCov_9fa48("287"), "Timestamp is too far in the future")
                  });
                }
              }
            }
          }
          for (const {
            index,
            key
          } of keys) {
            if (stryMutAct_9fa48("288")) {
              {}
            } else {
              stryCov_9fa48("288");
              const mac = createHmac(stryMutAct_9fa48("289") ? "" : (stryCov_9fa48("289"), "sha256"), key);
              const expected = mac.update(parts.prefix).update(rawBody).digest();
              // Check every offered signature without an early exit, so timing does not tell which matched.
              let matched = stryMutAct_9fa48("290") ? true : (stryCov_9fa48("290"), false);
              for (const offered of parts.offered) matched = stryMutAct_9fa48("293") ? timingSafeEqualBytes(offered, expected) && matched : stryMutAct_9fa48("292") ? false : stryMutAct_9fa48("291") ? true : (stryCov_9fa48("291", "292", "293"), timingSafeEqualBytes(offered, expected) || matched);
              if (stryMutAct_9fa48("295") ? false : stryMutAct_9fa48("294") ? true : (stryCov_9fa48("294", "295"), matched)) {
                if (stryMutAct_9fa48("296")) {
                  {}
                } else {
                  stryCov_9fa48("296");
                  return stryMutAct_9fa48("297") ? {} : (stryCov_9fa48("297"), {
                    ok: stryMutAct_9fa48("298") ? false : (stryCov_9fa48("298"), true),
                    id: parts.id,
                    timestamp: parts.timestamp,
                    secretIndex: index
                  });
                }
              }
            }
          }
          return stryMutAct_9fa48("299") ? {} : (stryCov_9fa48("299"), {
            ok: stryMutAct_9fa48("300") ? true : (stryCov_9fa48("300"), false),
            reason: stryMutAct_9fa48("301") ? "" : (stryCov_9fa48("301"), "bad-signature"),
            message: stryMutAct_9fa48("302") ? "" : (stryCov_9fa48("302"), "No signature matches a configured secret")
          });
        }
      }
    });
  }
}

/**
 * Verifies one webhook delivery against the raw body. A one-off: a server verifying many
 * deliveries should keep one {@link createWebhookVerifier} instead.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookVerdict {
  if (stryMutAct_9fa48("303")) {
    {}
  } else {
    stryCov_9fa48("303");
    return createWebhookVerifier(input).verify(input.headers, input.rawBody, input.now);
  }
}