// Why a file cannot be imported. The code travels to the browser (or into the import's record) and is
// worded there in the person's language; details say where (row) and which limit.

export const IMPORT_FILE_PROBLEMS = [
  'unknown_format',
  'empty_file',
  'too_many_columns',
  'record_too_long',
  'unclosed_quote',
  'no_records',
  'invalid_xml',
  'xml_entities',
  'invalid_json',
  'invalid_yaml',
  'invalid_zip',
  'zip_too_big',
  // A picture kept inside the file itself (Tellico's base64 images) larger than a picture may be.
  'picture_too_big',
  'unknown_version',
  // Not a document at all (a picture, an archive, binary data, YAML): details.reason names what it looks like.
  'not_document',
  // A scheduled source's run: its address gave nothing usable (details.reason: a FetchProblem), it still
  // prepares its answer (BoardGameGeek queues collections), or a field the plan maps is gone from it.
  'source_unreachable',
  'source_not_ready',
  'fields_changed',
] as const;
export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number];

export interface ImportFileDetails {
  row?: number;
  limit?: number;
  /** Why a source gave nothing (a FetchProblem), the field that went missing, or what a file that is not a document looks like (NotDocumentKind). */
  reason?: string;
  /** The HTTP status a source answered. */
  status?: number;
}

export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    readonly details: ImportFileDetails = {},
  ) {
    super(`import file: ${problem}${details.row ? ` at record ${details.row}` : ''}`);
    this.name = 'ImportFileError';
  }
}
