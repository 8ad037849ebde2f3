/** What the emulator's ledger counts (`GET /_emulator/ledger`). */
// @ts-nocheck

export interface Spent {
  readonly uploads: number;
  readonly submissions: number;
  readonly assets: number;
  readonly creditsCharged: number;
}

async function ledger(baseUrl: string): Promise<Spent> {
  return (await fetch(`${baseUrl}/_emulator/ledger`)).json() as Promise<Spent>;
}

/**
 * Runs `action` against the emulator at `baseUrl` and returns its result with what the service
 * recorded meanwhile: uploads, submissions, assets submitted and credits charged.
 */
export async function spentDuring<T>(
  baseUrl: string,
  action: () => Promise<T>,
): Promise<[T, Spent]> {
  const before = await ledger(baseUrl);
  const result = await action();
  const after = await ledger(baseUrl);
  return [
    result,
    {
      uploads: after.uploads - before.uploads,
      submissions: after.submissions - before.submissions,
      assets: after.assets - before.assets,
      creditsCharged: after.creditsCharged - before.creditsCharged,
    },
  ];
}
