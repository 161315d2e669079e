// Reading the embedded database's answers straight from the wire bytes (issue 16). PGlite's own reader decodes every
// message into an object, copies every field's bytes before decoding them, and needs a row description on each call
// (a Describe, fifty-odd column names decoded again): profiled at about 15% of the job list's time. A prepared
// statement's columns are known once it is described, so a call sends only bind, execute and sync, and its data rows
// are read here with those columns.

/** A result column: its name and type (the parser PGlite would use is picked by the type). */
export interface Column {
  name: string;
  dataTypeID: number;
}

type Parsers = Record<number, ((value: string, typeId: number) => unknown) | undefined>;

const DATA_ROW = 68; // 'D'
const COMMAND_COMPLETE = 67; // 'C'
const ERROR = 69; // 'E'

/**
 * The rows (objects keyed by column name, later columns winning a clash as PGlite's) and the affected row count of
 * the answer `bytes`, or "error" when the answer holds an error message (the caller then lets PGlite's reader build
 * the error, so it is thrown exactly as before). Text format only, as the calls here bind without format codes.
 */
export function readAnswer(
  bytes: Uint8Array,
  columns: readonly Column[],
  parsers: Parsers,
): { rows: Record<string, unknown>[]; affectedRows: number } | "error" {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Record<string, unknown>[] = [];
  const parse = columns.map((c) => parsers[c.dataTypeID]);
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readUInt32BE(at + 1);
    if (type === DATA_ROW) {
      const count = buf.readUInt16BE(at + 5);
      let p = at + 7;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        const column = columns[i];
        if (length < 0) {
          row[column.name] = null;
          continue;
        }
        const text = buf.toString("utf8", p, p + length);
        p += length;
        const parser = parse[i];
        row[column.name] = parser ? parser(text, column.dataTypeID) : text;
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      // "INSERT 0 3", "UPDATE 2", "SELECT 5": the last word counts the rows, as PGlite adds it up for writes.
      const tag = buf.toString("utf8", at + 5, end - 1);
      const words = tag.split(" ");
      const n = Number.parseInt(words[words.length - 1], 10);
      if (/^(INSERT|UPDATE|DELETE|COPY|MERGE)$/.test(words[0]) && !Number.isNaN(n)) affectedRows += n;
    } else if (type === ERROR) {
      return "error";
    }
    at = end;
  }
  return { rows, affectedRows };
}
