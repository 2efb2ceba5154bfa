import type { FileKind } from '../../src/shared/file-limits.js';

/** A library file as a picker offers it. */
export interface PickableFile {
  url: string;
  originalName: string;
  title: string | null;
}

interface FileSelectProps {
  /** The form field's name. */
  name: string;
  id: string;
  kind: FileKind;
  /** The library's files of that kind (`listFiles(db, kind)` in src/db/files.ts). */
  files: PickableFile[];
  /** The URL the content holds now; kept as an option even when it is not a library file (a sample file). */
  value?: string;
  /** What "none" is called where a file may be left out ("No image"); without it a file must be chosen. */
  noneLabel?: string;
  describedBy?: string;
  invalid?: boolean;
}

const KIND_WORDS: Record<FileKind, string> = { image: 'images', pdf: 'PDFs', video: 'videos', captions: 'captions' };

/** The last part of an address, as a person knows the file: /media/site-plan.jpg → site-plan.jpg. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)) || url;
  } catch {
    return url;
  }
}

/**
 * A section editor's file field: a select of the library's files of one kind by their names (their lasting URLs
 * are the values, which content stores) and a link to the library to upload one. Plain HTML: works without
 * JavaScript; nobody types a path.
 */
export function FileSelect({ name, id, kind, files, value, noneLabel, describedBy, invalid }: FileSelectProps) {
  const current = value ?? '';
  const known = current === '' || files.some((file) => file.url === current);
  return (
    <div className="file-picker">
      <select
        id={id}
        name={name}
        defaultValue={current}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
      >
        {noneLabel !== undefined || current === '' ? (
          <option value="">{noneLabel ?? `Choose one of the ${KIND_WORDS[kind]}…`}</option>
        ) : null}
        {known ? null : <option value={current}>{`${fileName(current)} (in use now)`}</option>}
        {files.map((file) => (
          <option key={file.url} value={file.url}>
            {file.title ? `${file.title} (${file.originalName})` : file.originalName}
          </option>
        ))}
      </select>
      <a href="/admin/files" target="_blank" rel="noopener">
        Upload {KIND_WORDS[kind]} to the file library<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
