import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { FILE_LIMITS, formatBytes } from '../../src/shared/file-limits.js';
import { NoticeAlert } from '../../src/shared/NoticeAlert.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';

/** One file as the library page shows it. */
export interface FileListItem {
  id: number;
  kind: 'image' | 'pdf' | 'video' | 'captions';
  url: string;
  storedUrl: string;
  originalName: string;
  contentType: string;
  size: number;
  alt: string | null;
  title: string | null;
  uploadedBy: string;
  uploadedAtText: string;
  uses: string[];
  captionsName: string | null;
}

interface FilesPageProps {
  communityName: string;
  staff: StaffViewer;
  files: FileListItem[];
  videos: { id: number; name: string }[];
  notice?: EditorNotice;
}

const KIND_LABELS: Record<FileListItem['kind'], string> = {
  image: 'Image',
  pdf: 'PDF',
  video: 'Video',
  captions: 'Captions',
};

const ACCEPT = 'application/pdf,video/mp4,video/webm,text/vtt,.vtt,image/jpeg,image/png,image/webp,image/avif';

function FileCard({ file, csrfToken }: { file: FileListItem; csrfToken: string }) {
  const id = `file-${file.id}`;
  return (
    <li className="file-card" aria-labelledby={`${id}-name`}>
      <div className="file-card-head">
        {file.kind === 'image' ? <img src={file.storedUrl} alt="" width={96} height={72} loading="lazy" /> : null}
        <div>
          <h3 id={`${id}-name`}>
            <a href={file.url}>{file.title ?? file.originalName}</a>
          </h3>
          <p className="message-meta">
            <span className="badge">{KIND_LABELS[file.kind]}</span> {formatBytes(file.size)} · {file.contentType} ·
            uploaded by {file.uploadedBy}, {file.uploadedAtText}
          </p>
          <p className="message-meta">
            Address for content: <code>{file.url}</code>
          </p>
          {file.captionsName ? <p className="message-meta">Captions: {file.captionsName}</p> : null}
        </div>
      </div>
      <div className="file-uses">
        <h4>Where it is used</h4>
        {file.uses.length > 0 ? (
          <ul>
            {file.uses.map((use) => (
              <li key={use}>{use}</li>
            ))}
          </ul>
        ) : (
          <p>Not used anywhere.</p>
        )}
      </div>
      <div className="file-actions">
        <form method="post" action={`/admin/files/${file.id}`} className="upload-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          {file.kind === 'image' ? (
            <>
              <label htmlFor={`${id}-alt`}>Alt text (what the image shows)</label>
              <input id={`${id}-alt`} name="alt" type="text" required maxLength={300} defaultValue={file.alt ?? ''} />
            </>
          ) : null}
          <label htmlFor={`${id}-title`}>Title (optional)</label>
          <input id={`${id}-title`} name="title" type="text" maxLength={200} defaultValue={file.title ?? ''} />
          <button type="submit" className="button">
            Save
          </button>
        </form>
        <form
          method="post"
          action={`/admin/files/${file.id}/replace`}
          encType="multipart/form-data"
          className="upload-form"
        >
          <input type="hidden" name="_csrf" value={csrfToken} />
          <label>
            Replace with a new {file.kind === 'pdf' ? 'PDF' : KIND_LABELS[file.kind].toLowerCase()} (pages using it show
            the new one)
            <input name="file" type="file" required accept={ACCEPT} />
          </label>
          <button type="submit" className="button">
            Replace
          </button>
        </form>
        <form method="post" action={`/admin/files/${file.id}/delete`} className="upload-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button
            type="submit"
            className="button button-danger"
            disabled={file.uses.length > 0}
            aria-describedby={file.uses.length > 0 ? `${id}-in-use` : undefined}
          >
            Delete {file.originalName}
          </button>
          {file.uses.length > 0 ? (
            <p id={`${id}-in-use`} className="message-meta">
              A file in use cannot be deleted.
            </p>
          ) : null}
        </form>
      </div>
    </li>
  );
}

/** GET /admin/files: every file of the library, where each is used, and the upload form (works without JavaScript). */
export function FilesPage({ communityName, staff, files, videos, notice }: FilesPageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/files">
      <h1>Files</h1>
      <p>
        Images, PDFs, videos and video captions the site links to. Choose them in the content editors; a file still used
        by published or draft content cannot be deleted.
      </p>
      {notice ? <NoticeAlert notice={notice} /> : null}
      <section className="upload-panel" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload a file</h2>
        <form method="post" action="/admin/files" encType="multipart/form-data" className="upload-form">
          <input type="hidden" name="_csrf" value={staff.csrfToken} />
          <label>
            File: PDF (at most {formatBytes(FILE_LIMITS.pdf)}), MP4 or WebM video (at most{' '}
            {formatBytes(FILE_LIMITS.video)}), WebVTT captions, or a JPEG, PNG, WebP or AVIF image (at most{' '}
            {formatBytes(FILE_LIMITS.image)})
            <input name="file" type="file" required accept={ACCEPT} />
          </label>
          <label htmlFor="upload-alt">Alt text (required for an image: what it shows)</label>
          <input id="upload-alt" name="alt" type="text" maxLength={300} />
          <label htmlFor="upload-title">Title (optional)</label>
          <input id="upload-title" name="title" type="text" maxLength={200} />
          {videos.length > 0 ? (
            <>
              <label htmlFor="upload-captions-for">Captions for a video (WebVTT files only)</label>
              <select id="upload-captions-for" name="captionsFor" defaultValue="">
                <option value="">None</option>
                {videos.map((video) => (
                  <option key={video.id} value={video.id}>
                    {video.name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <button type="submit" className="button button-accent">
            Upload
          </button>
        </form>
      </section>
      <section aria-labelledby="files-heading" className="file-library">
        <h2 id="files-heading">All files ({files.length})</h2>
        {files.length === 0 ? (
          <p>No files yet.</p>
        ) : (
          <ul className="file-list">
            {files.map((file) => (
              <FileCard key={file.id} file={file} csrfToken={staff.csrfToken} />
            ))}
          </ul>
        )}
      </section>
    </AdminLayout>
  );
}
