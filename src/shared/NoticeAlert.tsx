import type { EditorNotice } from './editor-notice.js';

/** An editor's notice as the site's alert box: a status for done, an alert for refused. */
export function NoticeAlert({ notice }: { notice: EditorNotice }) {
  const success = notice.kind === 'success';
  return (
    <p className={`alert ${success ? 'alert-success' : 'alert-error'}`} role={success ? 'status' : 'alert'}>
      {notice.text}
    </p>
  );
}
