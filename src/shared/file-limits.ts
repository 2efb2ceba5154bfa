/** What a library file is; decided from its bytes, never from its name (decision 038). */
export const FILE_KINDS = ['image', 'pdf', 'video', 'captions'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const MB = 1024 * 1024;

/**
 * The file library's largest files, in bytes (contract, wave 3 "Files": PDFs ≤ 20 MB, videos ≤ 200 MB; images keep
 * the image pipeline's 10 MB). Captions are text: 1 MB holds hours of them.
 */
export const FILE_LIMITS = { image: 10 * MB, pdf: 20 * MB, video: 200 * MB, captions: 1 * MB } as const;

/** A size for people: "18.4 MB", "512 KB", "740 bytes". */
export function formatBytes(size: number): string {
  if (size >= MB) return `${(size / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} bytes`;
}
