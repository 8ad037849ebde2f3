/**
 * The live review rule set, as data (documented in docs/emulator.md). Text rules read the
 * text of .txt/.md files, PDF pages and SVG text; media rules read measured metadata.
 * Same bytes in, same issues out: there is no randomness here.
 */
// @ts-nocheck


export type RuleSeverity = "critical" | "major" | "minor" | "info";

interface RuleBase {
  readonly code: string;
  readonly name: string;
  readonly severity: RuleSeverity;
  /** Issues of one topic key form a root-cause cluster when there are at least two. */
  readonly topic: string;
  readonly summary: string;
  readonly details: string;
  readonly severityReasoningHeadline: string;
  readonly severityReasoning: string;
  readonly resolution: string;
}

export interface TextRule extends RuleBase {
  readonly kind: "text";
  readonly pattern: RegExp;
  /** The rule stays silent when the whole text matches this (e.g. terms are already shown). */
  readonly unlessText?: RegExp;
}

export interface MediaRule extends RuleBase {
  readonly kind: "media";
  readonly appliesTo: "video" | "audio" | "image" | "document";
  /** Returns the offending fact as text, or undefined when the file passes. */
  readonly check: (
    facts: Readonly<Record<string, number | string>>,
    pageTexts: readonly string[],
  ) => string | undefined;
}

export type ReviewRule = TextRule | MediaRule;

/** At most this many issues per rule and asset. */
export const MAX_ISSUES_PER_RULE = 5;

/** Titles of the root-cause topics. */
export const TOPIC_TITLES: Readonly<Record<string, string>> = Object.freeze({
  unsubstantiated_claims: "Unsubstantiated performance claims",
  health_claims: "Health claims without evidence",
  offer_terms: "Offers without their terms",
  pressure_tactics: "Pressure tactics",
  personal_data: "Personal data in the creative",
  delivery_specs: "Delivery specification",
  image_quality: "Image quality",
  document_text: "Document text",
  sandbox_cluster: "Sandbox simulated cluster",
});

export const REVIEW_RULES: readonly ReviewRule[] = Object.freeze([
  {
    kind: "text",
    code: "CLAIM_CLINICAL",
    name: "Clinical claim without substantiation",
    severity: "critical",
    topic: "unsubstantiated_claims",
    pattern: /\bclinically\s+(?:proven|tested|shown)\b/gi,
    summary: "Clinical claim without substantiation",
    details:
      "The asset states a clinical result. Clinical claims need a study on file that supports the exact wording.",
    severityReasoningHeadline: "Regulated claim",
    severityReasoning:
      "Clinical claims are regulated; publishing one without a supporting study exposes the brand to enforcement.",
    resolution: "Attach the clinical study as a substantiation context item, or remove the claim.",
  },
  {
    kind: "text",
    code: "CLAIM_GUARANTEE",
    name: "Unqualified guarantee",
    severity: "major",
    topic: "unsubstantiated_claims",
    pattern: /\bguarantee(?:d|s)?\b/gi,
    summary: "Unqualified guarantee",
    details:
      "The asset promises a guaranteed outcome without stating the conditions of the guarantee.",
    severityReasoningHeadline: "Absolute promise",
    severityReasoning:
      "Guarantees are read as absolute promises; without conditions they are likely to mislead.",
    resolution: "State the terms of the guarantee next to the claim, or soften the wording.",
  },
  {
    kind: "text",
    code: "CLAIM_NUMBER_ONE",
    name: "Ranking claim without source",
    severity: "major",
    topic: "unsubstantiated_claims",
    pattern: /#\s?1\b|\bnumber\s+one\b|\bno\.\s?1\b/gi,
    summary: "Ranking claim (#1) without a cited source",
    details: "The asset claims first place without naming the ranking, the date or the source.",
    severityReasoningHeadline: "Comparative claim",
    severityReasoning: "Comparative claims must be verifiable by the audience.",
    resolution: "Cite the ranking source and date, or remove the ranking claim.",
  },
  {
    kind: "text",
    code: "CLAIM_SUPERLATIVE",
    name: "Superlative claim",
    severity: "major",
    topic: "unsubstantiated_claims",
    pattern: /\b(?:best|fastest|cheapest|strongest)\s+(?:in|on)\s+the\s+(?:world|market)\b/gi,
    summary: "Superlative claim without evidence",
    details: "The asset claims to beat every competitor.",
    severityReasoningHeadline: "Comparative claim",
    severityReasoning: "Superlatives about the whole market need market-wide evidence.",
    resolution: "Attach comparative test results, or qualify the claim.",
  },
  {
    kind: "text",
    code: "CLAIM_RISK_FREE",
    name: "Risk-free claim",
    severity: "major",
    topic: "unsubstantiated_claims",
    pattern: /\brisk[- ]free\b|\bno\s+risk\b/gi,
    summary: "Risk-free claim",
    details: "The asset tells the audience there is no risk.",
    severityReasoningHeadline: "Absolute promise",
    severityReasoning: "Few offers are free of all risk; the claim is likely to mislead.",
    resolution: "Describe the actual conditions (e.g. the refund window) instead.",
  },
  {
    kind: "text",
    code: "HEALTH_CURE",
    name: "Cure claim",
    severity: "critical",
    topic: "health_claims",
    pattern: /\b(?:cures?|heals?)\b/gi,
    summary: "Claim that the product cures or heals",
    details: "The asset claims a therapeutic effect.",
    severityReasoningHeadline: "Medical claim",
    severityReasoning: "Therapeutic claims are reserved for authorised medicines.",
    resolution: "Remove the therapeutic claim.",
  },
  {
    kind: "text",
    code: "OFFER_FREE_NO_TERMS",
    name: "Free offer without terms",
    severity: "minor",
    topic: "offer_terms",
    pattern: /(?<!risk[- ])\bfree\b/gi,
    unlessText: /\bterms\b|\bconditions apply\b/i,
    summary: "Free offer without visible terms",
    details: "The asset mentions something free but shows no terms and conditions.",
    severityReasoningHeadline: "Missing qualification",
    severityReasoning: "Free offers usually carry conditions that the audience must see.",
    resolution: "Add the offer terms or a link to them.",
  },
  {
    kind: "text",
    code: "OFFER_DISCOUNT_NO_TERMS",
    name: "Discount without terms",
    severity: "minor",
    topic: "offer_terms",
    pattern: /\b\d{1,3}\s?%\s+off\b/gi,
    unlessText: /\bterms\b|\bconditions apply\b/i,
    summary: "Discount without visible terms",
    details: "The asset advertises a percentage discount without its conditions.",
    severityReasoningHeadline: "Missing qualification",
    severityReasoning: "The audience needs to know what the discount applies to and until when.",
    resolution: "Add the discount period and conditions.",
  },
  {
    kind: "text",
    code: "URGENCY_PRESSURE",
    name: "Pressure tactic",
    severity: "minor",
    topic: "pressure_tactics",
    pattern: /\b(?:act\s+now|limited\s+time|today\s+only|hurry|last\s+chance)\b/gi,
    summary: "Urgency wording that may pressure the audience",
    details: "The asset uses time pressure.",
    severityReasoningHeadline: "Tone",
    severityReasoning: "Urgency is allowed when it is true; it must match the real offer period.",
    resolution: "Make sure the deadline is real and state it.",
  },
  {
    kind: "text",
    code: "PERSONAL_DATA_EMAIL",
    name: "E-mail address in the creative",
    severity: "info",
    topic: "personal_data",
    // Starts only where a word starts and caps each part (RFC 5321 lengths), so a long
    // unbroken token is read in linear time instead of backtracking quadratically.
    pattern: /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/g,
    summary: "E-mail address found in the asset",
    details: "The asset shows an e-mail address.",
    severityReasoningHeadline: "For information",
    severityReasoning: "Check that the address is a role address and not a person's.",
    resolution: "Use a role address (e.g. support@) or remove it.",
  },
  {
    kind: "media",
    code: "MEDIA_VIDEO_LONG",
    name: "Video longer than 60 s",
    severity: "info",
    topic: "delivery_specs",
    appliesTo: "video",
    check: (f) =>
      typeof f.durationSeconds === "number" && f.durationSeconds > 60
        ? `${f.durationSeconds} s`
        : undefined,
    summary: "Video runs longer than 60 seconds",
    details: "Social placements cut videos at 60 seconds.",
    severityReasoningHeadline: "For information",
    severityReasoning: "Longer videos are accepted but will be cut in some placements.",
    resolution: "Provide a cut-down of 60 seconds or less for social placements.",
  },
  {
    kind: "media",
    code: "MEDIA_VIDEO_CONTAINER",
    name: "Video container not accepted for broadcast",
    severity: "minor",
    topic: "delivery_specs",
    appliesTo: "video",
    check: (f) =>
      typeof f.container === "string" && /avi|msvideo|matroska|webm/i.test(f.container)
        ? f.container
        : undefined,
    summary: "Video container is not MP4 or QuickTime",
    details: "Broadcast delivery accepts MP4 and QuickTime only.",
    severityReasoningHeadline: "Delivery specification",
    severityReasoning: "The file will be rejected by broadcast delivery.",
    resolution: "Re-wrap the video as MP4.",
  },
  {
    kind: "media",
    code: "MEDIA_AUDIO_LONG",
    name: "Audio longer than 60 s",
    severity: "info",
    topic: "delivery_specs",
    appliesTo: "audio",
    check: (f) =>
      typeof f.durationSeconds === "number" && f.durationSeconds > 60
        ? `${f.durationSeconds} s`
        : undefined,
    summary: "Audio spot runs longer than 60 seconds",
    details: "Radio slots are sold in 30 and 60 second lengths.",
    severityReasoningHeadline: "For information",
    severityReasoning: "A longer spot needs a special slot.",
    resolution: "Provide a 60 second edit.",
  },
  {
    kind: "media",
    code: "MEDIA_AUDIO_SAMPLE_RATE",
    name: "Low audio sample rate",
    severity: "minor",
    topic: "delivery_specs",
    appliesTo: "audio",
    check: (f) =>
      typeof f.sampleRate === "number" && f.sampleRate < 22_050 ? `${f.sampleRate} Hz` : undefined,
    summary: "Audio sample rate below 22.05 kHz",
    details: "Low sample rates sound muffled on air.",
    severityReasoningHeadline: "Quality",
    severityReasoning:
      "Broadcast requires at least 44.1 kHz masters; below 22.05 kHz is audibly degraded.",
    resolution: "Export the master at 44.1 kHz or 48 kHz.",
  },
  {
    kind: "media",
    code: "MEDIA_IMAGE_SMALL",
    name: "Image below 600 px",
    severity: "minor",
    topic: "image_quality",
    appliesTo: "image",
    check: (f) =>
      typeof f.width === "number" &&
      typeof f.height === "number" &&
      Math.min(f.width, f.height) < 600
        ? `${f.width}x${f.height}`
        : undefined,
    summary: "Image is smaller than 600 pixels on one side",
    details: "Small images look blurred when placements scale them up.",
    severityReasoningHeadline: "Quality",
    severityReasoning: "Most placements need at least 600 pixels on the short side.",
    resolution: "Provide a larger export.",
  },
  {
    kind: "media",
    code: "MEDIA_IMAGE_ASPECT",
    name: "Unusual aspect ratio",
    severity: "info",
    topic: "image_quality",
    appliesTo: "image",
    check: (f) => {
      if (typeof f.width !== "number" || typeof f.height !== "number" || f.height === 0)
        return undefined;
      const ratio = f.width / f.height;
      return ratio < 0.5 || ratio > 2 ? ratio.toFixed(2) : undefined;
    },
    summary: "Aspect ratio outside 1:2 to 2:1",
    details: "Placements crop images outside these ratios.",
    severityReasoningHeadline: "For information",
    severityReasoning: "Cropping may cut important content.",
    resolution: "Check the crop in each placement.",
  },
  {
    kind: "media",
    code: "DOCUMENT_NO_TEXT",
    name: "Document without text",
    severity: "info",
    topic: "document_text",
    appliesTo: "document",
    check: (f, pages) =>
      typeof f.pages === "number" && pages.every((p) => p.trim() === "")
        ? `${f.pages} pages`
        : undefined,
    summary: "The document has no extractable text",
    details: "The review could not read any text; the document may be scanned.",
    severityReasoningHeadline: "For information",
    severityReasoning: "Claims in images of text are not reviewed.",
    resolution: "Submit a PDF with a text layer.",
  },
] satisfies ReviewRule[]);
