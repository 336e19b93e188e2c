/**
 * The opening of a `read_file` result that a read cache answered instead of the file (the dedup answer agents
 * give: "unchanged since last read, you already have it"). The generator writes it for a file read before
 * (INV-36); a pruner's read cache must not take it for the file's content.
 */
export const UNCHANGED = 'File unchanged since last read:';
