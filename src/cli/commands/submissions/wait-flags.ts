/** The flags every command that can wait for a submission takes. */
export interface WaitFlags {
  readonly wait?: boolean;
  readonly timeout: number;
  readonly pollInterval: number;
}
