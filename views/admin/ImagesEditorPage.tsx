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
  /** Outcome of a plain (no-JavaScript) upload, shown after the redirect. */
  notice?: EditorNotice;
  otherCollections?: { href: string; label: string; current: boolean }[];
}

export function ImagesEditorPage(props: ImagesEditorPageProps) {
  const { communityName, staff, path, heading, editor, uploadAction, notice, otherCollections } = props;
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
      <section className="upload-panel" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Add an image</h2>
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
