// @ts-nocheck
import type { IssueRecord } from "../state/emulator-state.ts";
import { uuidFromName } from "../state/ids.ts";
import { sidekickFor } from "./sidekicks.ts";

/** Everything that varies between two issues; the rest of part 2.5 is filled in here. */
export interface IssueInput {
  readonly assetId: string;
  readonly occurrenceKey: string;
  readonly referenceNumber: number;
  readonly ruleCode: string;
  readonly ruleName: string;
  readonly severity: string;
  readonly summary: string;
  readonly details: string;
  readonly severityReasoningHeadline: string;
  readonly severityReasoning: string;
  readonly resolution: string;
  readonly topicKey: string | null;
  readonly anchor: Record<string, unknown>;
  readonly evidence: unknown;
  readonly sidekickIds: readonly string[];
  readonly at: string;
}

/** Builds one issue with every field of part 2.5 filled; ids derive from asset and rule. */
export function makeIssue(input: IssueInput): IssueRecord {
  const id = uuidFromName(`issue:${input.assetId}:${input.occurrenceKey}`);
  const ruleId = uuidFromName(`rule:${input.ruleCode}`);
  const sidekick = sidekickFor(input.sidekickIds, input.referenceNumber - 1);
  const resolutionRequirement = { type: "change_required", description: input.resolution };
  return {
    id,
    assetId: input.assetId,
    summary: input.summary,
    severity: input.severity,
    status: "open",
    createdAt: input.at,
    updatedAt: input.at,
    referenceNumber: input.referenceNumber,
    ruleId,
    ruleCode: input.ruleCode,
    sidekickId: sidekick.id,
    sidekickName: sidekick.name,
    details: input.details,
    severityReasoning: input.severityReasoning,
    severityReasoningHeadline: input.severityReasoningHeadline,
    precedents: [
      {
        url: `https://precedents.example.com/rules/${input.ruleCode.toLowerCase()}`,
        title: `Earlier decision on ${input.ruleName.toLowerCase()}`,
        decision: "upheld",
        date: "2024-03-14",
      },
    ],
    contributors: [
      {
        id: uuidFromName(`contributor:${id}`),
        label: input.ruleName,
        reasoning: input.details,
        confidence: 0.9,
        relationType: "primary",
        evidence: [
          {
            id: `ev-${id.slice(0, 8)}`,
            sourceType: input.anchor.type === "text" ? "text_span" : "media_metadata",
            confidence: 0.9,
            content: input.evidence,
            anchor: input.anchor,
          },
        ],
        resolutionRequirement,
        ruleCode: input.ruleCode,
        ruleName: input.ruleName,
        severity: input.severity,
      },
    ],
    resolutionRequirement,
    anchor: input.anchor,
    topicKey: input.topicKey,
  };
}
