import { AdminLayout, type StaffViewer } from './AdminLayout.js';

interface ReleaseConfirmPageProps {
  communityName: string;
  staff: StaffViewer;
  /** What will happen, in plain words (releaseWarning). */
  warning: string;
  /** Where the form posts again, with the same fields and the confirmation. */
  action: string;
  /** The fields as they were posted (status, plan, price …), sent again unchanged. */
  fields: [string, string][];
  people: number;
}

/**
 * The step before a release without JavaScript: saving a homesite from future to available e-mails the interest
 * list, so staff read how many people first and confirm, or go back having changed nothing.
 */
export function ReleaseConfirmPage(props: ReleaseConfirmPageProps) {
  return (
    <AdminLayout communityName={props.communityName} staff={props.staff} path="/admin/homesites">
      <section className="release-confirm" aria-labelledby="release-heading">
        <h1 id="release-heading">E-mail the interest list?</h1>
        <p className="alert alert-error" role="alert">
          {props.warning}
        </p>
        <p>Nothing is saved yet.</p>
        <form method="post" action={props.action}>
          <input type="hidden" name="_csrf" value={props.staff.csrfToken} />
          {props.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm_release" value="1" />
          <div className="content-publish-row">
            <button type="submit" className="button button-accent">
              Save and e-mail {props.people === 1 ? '1 person' : `${props.people.toLocaleString('en-US')} people`}
            </button>
            <a className="button" href="/admin/homesites">
              Cancel: back to homesites
            </a>
          </div>
        </form>
      </section>
    </AdminLayout>
  );
}
