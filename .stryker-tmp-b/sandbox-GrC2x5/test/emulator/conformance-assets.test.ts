// @ts-nocheck
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator tag filter, tags, context items and pagination (parts 2.2, 2.3, 2.4, 4.4)", () => {
  let h: Harness;
  const ids: Record<string, string> = {};
  let keys: { channel: string; urgent: string; region: string };
  let values: { tv: string; radio: string; eu: string; channelAsValue: string };

  beforeAll(async () => {
    h = await startHarness();
    const channel = await h.control("POST", "/_emulator/tags", {
      key: "channel",
      valuePolicy: "any",
      values: ["tv", "radio", "channel"],
    });
    expect(channel.status).toBe(201);
    const urgent = await h.control("POST", "/_emulator/tags", {
      key: "urgent",
      valuePolicy: "none",
    });
    const region = await h.control("POST", "/_emulator/tags", {
      key: "region",
      valuePolicy: "any",
      values: ["eu"],
    });
    keys = { channel: channel.body.keyId, urgent: urgent.body.keyId, region: region.body.keyId };
    const v = (body: { values: { value: string; valueId: string }[] }, value: string) =>
      body.values.find((x) => x.value === value)!.valueId;
    values = {
      tv: v(channel.body, "tv"),
      radio: v(channel.body, "radio"),
      channelAsValue: v(channel.body, "channel"),
      eu: v(region.body, "eu"),
    };
    const assets: [string, { key: string; value?: string }[]][] = [
      [
        "tv-eu",
        [
          { key: "channel", value: "tv" },
          { key: "region", value: "eu" },
        ],
      ],
      ["radio", [{ key: "channel", value: "radio" }]],
      ["urgent-tv", [{ key: "urgent" }, { key: "channel", value: "tv" }]],
      ["urgent", [{ key: "urgent" }]],
      ["channel-named", [{ key: "channel", value: "channel" }]],
      ["untagged", []],
    ];
    for (const [name, tags] of assets) {
      const res = await h.call("POST", "/api/submissions", {
        key: h.emu.sandboxKey,
        body: {
          assets: [
            {
              blobPath: `${randomUUID()}/${name}__sandbox_pass__.mp4`,
              tags,
              contextItems: [
                { kind: "text", contextType: "substantiation", content: `notes for ${name}` },
              ],
            },
          ],
          sidekickIds: SIDEKICKS,
        },
      });
      expect(res.status).toBe(201);
      ids[res.body.assets[0].assetId] = name;
    }
  });
  afterAll(() => h.close());

  const list = async (query: string) => {
    const res = await h.call("GET", `/api/assets?${query}`, { key: h.emu.sandboxKey });
    expect(res.status).toBe(200);
    return res.body.data.map((a: { assetId: string }) => ids[a.assetId]);
  };

  it.each([
    ["any key", () => `tagKeyIds=${keys.urgent}`, ["urgent", "urgent-tv"]],
    ["any value", () => `tagValueIds=${values.tv}`, ["urgent-tv", "tv-eu"]],
    [
      "any of two values of one key",
      () => `tagValueIds=${values.tv}&tagValueIds=${values.radio}`,
      ["urgent-tv", "radio", "tv-eu"],
    ],
    [
      "any of a key and a value",
      () => `tagKeyIds=${keys.urgent}&tagValueIds=${values.radio}`,
      ["urgent", "urgent-tv", "radio"],
    ],
    [
      "all: key and value",
      () => `tagMatch=all&tagKeyIds=${keys.urgent}&tagValueIds=${values.tv}`,
      ["urgent-tv"],
    ],
    [
      "all: two values of one key form a union",
      () => `tagMatch=all&tagValueIds=${values.tv}&tagValueIds=${values.radio}`,
      ["urgent-tv", "radio", "tv-eu"],
    ],
    [
      "all: values of two keys",
      () => `tagMatch=all&tagValueIds=${values.tv}&tagValueIds=${values.eu}`,
      ["tv-eu"],
    ],
    [
      "all: two keys",
      () => `tagMatch=all&tagKeyIds=${keys.urgent}&tagKeyIds=${keys.channel}`,
      ["urgent-tv"],
    ],
    [
      "key matches whatever the value",
      () => `tagKeyIds=${keys.channel}`,
      ["channel-named", "urgent-tv", "radio", "tv-eu"],
    ],
  ])("%s", async (_name, query, expected) => {
    expect(await list(query())).toEqual(expected);
  });

  it("plain tags echo the key and are flagged; a value equal to the key is not plain", async () => {
    const res = await h.call(
      "GET",
      `/api/assets?tagKeyIds=${keys.urgent}&tagKeyIds=${keys.channel}`,
      { key: h.emu.sandboxKey },
    );
    const byName = Object.fromEntries(
      res.body.data.map((a: { assetId: string; tags: unknown }) => [ids[a.assetId], a.tags]),
    );
    expect(byName.urgent).toEqual([{ key: "urgent", value: "urgent", isPlain: true }]);
    expect(byName["channel-named"]).toEqual([{ key: "channel", value: "channel", isPlain: false }]);
    expect(res.body.data[0].contextItems).toEqual([
      { kind: "text", contextType: "substantiation", content: expect.stringContaining("notes") },
    ]);
  });

  it("paginates newest first with pagination meta", async () => {
    const q = `tagKeyIds=${keys.channel}&pageSize=3`;
    const p1 = await h.call("GET", `/api/assets?${q}&page=1`, { key: h.emu.sandboxKey });
    const p2 = await h.call("GET", `/api/assets?${q}&page=2`, { key: h.emu.sandboxKey });
    expect(p1.body.pagination).toEqual({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
    expect(p1.body.data).toHaveLength(3);
    expect(p2.body.data.map((a: { assetId: string }) => ids[a.assetId])).toEqual(["tv-eu"]);
  });

  it.each([
    ["", 400],
    ["tagKeyIds=nope", 422],
    [`tagMatch=some&tagKeyIds=${randomUUID()}`, 422],
    [`pageSize=101&tagKeyIds=${randomUUID()}`, 422],
    [`pageSize=0&tagKeyIds=${randomUUID()}`, 422],
    [`page=0&tagKeyIds=${randomUUID()}`, 422],
  ])("GET /api/assets?%s gives %i", async (query, status) => {
    const res = await h.call("GET", `/api/assets?${query}`, { key: h.emu.sandboxKey });
    expect(res.status).toBe(status);
  });

  it("422 when a plain key gets a value or a parametrized key none", async () => {
    for (const tags of [[{ key: "urgent", value: "x" }], [{ key: "channel" }]]) {
      const res = await h.call("POST", "/api/submissions", {
        key: h.emu.sandboxKey,
        body: {
          assets: [{ blobPath: `${randomUUID()}/a__sandbox_pass__.mp4`, tags }],
          sidekickIds: SIDEKICKS,
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields[0].field).toBe("assets.0.tags.0.value");
    }
  });

  it("GET /_emulator/tags lists keys and values", async () => {
    const res = await h.control("GET", "/_emulator/tags");
    expect(res.body.map((k: { key: string }) => k.key).sort()).toEqual([
      "channel",
      "region",
      "urgent",
    ]);
  });
});
