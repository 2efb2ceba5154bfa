import { Widget } from '../../src/render/widget.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { NoticeAlert } from '../../src/shared/NoticeAlert.js';
import type { WidgetProps } from '../../widgets/registry.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';

interface ImagesEditorPageProps {
  communityName: string;
  staff: StaffViewer;
  path: string;
  heading: string;
  editor: WidgetProps<'AdminImagesEditor'>;
  uploadAction: string;
  /** Where the "from the file library" form posts, and the library's images it offers. */
  libraryAction: string;
  libraryImages: { id: number; originalName: string; title: string | null; alt: string | null }[];
  /** Outcome of a plain (no-JavaScript) upload, shown after the redirect. */
  notice?: EditorNotice;
  otherCollections?: { href: string; label: string; current: boolean }[];
}

export function ImagesEditorPage(props: ImagesEditorPageProps) {
  const { communityName, staff, path, heading, editor, uploadAction, notice, otherCollections } = props;
  const { libraryAction, libraryImages } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path={path}>
      <h1>{heading}</h1>
      {otherCollections ? (
        <nav aria-label="Floor plans" className="collection-picker">
          <ul>
            {otherCollections.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.current ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {notice ? <NoticeAlert notice={notice} /> : null}
      <Widget name="AdminImagesEditor" props={editor} />
      <section className="upload-panel" aria-labelledby="library-heading">
        <h2 id="library-heading">Add an image from the file library</h2>
        {libraryImages.length === 0 ? (
          <p>
            The file library has no images yet. <a href="/admin/files">Upload images to the file library</a> to use them
            here and in any section, or upload one below for this list only.
          </p>
        ) : (
          <form method="post" action={libraryAction} className="upload-form">
            <input type="hidden" name="_csrf" value={staff.csrfToken} />
            <label htmlFor="library-file">Image</label>
            <select id="library-file" name="file" required defaultValue="">
              <option value="">Choose one of the images…</option>
              {libraryImages.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.title ? `${file.title} (${file.originalName})` : file.originalName}
                </option>
              ))}
            </select>
            <label htmlFor="library-alt">Alt text, if the library has none for it (what the image shows)</label>
            <input id="library-alt" name="alt" type="text" maxLength={300} />
            <button type="submit" className="button button-accent">
              Add at the end
            </button>
          </form>
        )}
      </section>
      <section className="upload-panel" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload a new image</h2>
        <form method="post" action={uploadAction} encType="multipart/form-data" className="upload-form">
          <input type="hidden" name="_csrf" value={staff.csrfToken} />
          <label htmlFor="upload-file">Image (JPEG, PNG, WebP or AVIF, at most 10 MB)</label>
          <input
            id="upload-file"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            required
          />
          <label htmlFor="upload-alt">Alt text (what the image shows)</label>
          <input id="upload-alt" name="alt" type="text" required maxLength={300} />
          <button type="submit" className="button button-accent">
            Upload
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}
