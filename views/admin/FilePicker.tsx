import type { FileKind } from '../../src/shared/file-limits.js';

/** A library file as a picker offers it. */
export interface PickableFile {
  url: string;
  originalName: string;
  title: string | null;
}

interface FilePickerProps {
  /** The form field's name and the select's id. */
  name: string;
  id?: string;
  label: string;
  kind: FileKind;
  /** The library's files of that kind (`listFiles(db, kind)` in src/db/files.ts). */
  files: PickableFile[];
  /** The URL the content holds now; kept as an option even when it is not a library file (a sample file). */
  value?: string;
  /** Offer "None" (an optional file). */
  optional?: boolean;
  /** The id of an error message next to the field. */
  errorId?: string;
}

const KIND_WORDS: Record<FileKind, string> = { image: 'images', pdf: 'PDFs', video: 'videos', captions: 'captions' };

/**
 * A section editor's file field: a select of the library's files of one kind (their lasting URLs, which content
 * stores) and a link to the library to upload one. Plain HTML: works without JavaScript.
 */
export function FilePicker({ name, id = name, label, kind, files, value, optional, errorId }: FilePickerProps) {
  const known = value === undefined || value === '' || files.some((file) => file.url === value);
  return (
    <div className="file-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ''}
        required={!optional}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {optional || value === undefined || value === '' ? (
          <option value="">{optional ? 'None' : 'Choose…'}</option>
        ) : null}
        {known ? null : <option value={value}>{value} (current)</option>}
        {files.map((file) => (
          <option key={file.url} value={file.url}>
            {file.title ? `${file.title} (${file.originalName})` : file.originalName}
          </option>
        ))}
      </select>
      <a href="/admin/files">Upload or manage {KIND_WORDS[kind]} in the file library</a>
    </div>
  );
}
