/** One line of a backup: a JSON value, ending in "\n". */
export const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The lines of the backup from one section of it, read lazily in backup.ts's read transaction. */
export type BackupLines = Generator<string, void, undefined>;
