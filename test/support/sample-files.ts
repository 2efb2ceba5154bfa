/** Tiny but real files of each kind the file library takes, written here so the tests need no fixtures. */

/** A minimal valid PDF (one empty page), with a correct cross-reference table; `padding` bytes make it bigger. */
export function minimalPdf(padding = 0): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  body += `%${'x'.repeat(padding)}\n`;
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The start of an MP4 (ISO base media) file: an `ftyp` box (brand isom) and a `free` box, as a file begins. */
export function minimalMp4(padding = 0): Buffer {
  const ftyp = Buffer.from('00000018667479706973 6f6d00000200 69736f6d6d703431'.replace(/ /g, ''), 'hex');
  const free = Buffer.alloc(8 + padding);
  free.writeUInt32BE(8 + padding, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

/** The start of a WebM file: the EBML header with DocType "webm", then a Segment element's id. */
export function minimalWebm(): Buffer {
  return Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d428781044285810218538067', 'hex');
}

export function minimalVtt(): Buffer {
  return Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to Maple Hollow.\n', 'utf8');
}
