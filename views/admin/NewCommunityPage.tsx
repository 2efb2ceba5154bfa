import { Widget } from '../../src/render/widget.js';
import { ErrorSummary, type FormProblem } from '../../src/shared/ErrorSummary.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { FormField } from './FormField.js';

/** The form's fields, in order, with what a person types there. */
const FIELDS = [
  { name: 'name', label: 'Name', hint: 'As buyers see it, such as Cedar Ridge.', autoComplete: 'off' },
  {
    name: 'slug',
    label: 'Web address',
    hint: 'Lowercase letters, digits and hyphens; left empty, it is made from the name. It cannot change once the community is public.',
    autoComplete: 'off',
  },
  { name: 'street', label: 'Street', hint: 'The sales office’s street address.', autoComplete: 'off' },
  { name: 'city', label: 'City', autoComplete: 'off' },
  { name: 'state', label: 'State', hint: 'Two letters, such as CO.', autoComplete: 'off' },
  { name: 'zip', label: 'ZIP code', autoComplete: 'off' },
  { name: 'lat', label: 'Latitude', hint: 'The map pin, such as 40.4233.', inputMode: 'decimal' as const },
  { name: 'lng', label: 'Longitude', hint: 'Such as -104.7091.', inputMode: 'decimal' as const },
  {
    name: 'timeZone',
    label: 'Time zone',
    hint: 'Where the sales office is, such as America/Denver; left empty, it is taken from the state and the map pin.',
  },
] as const;

interface NewCommunityPageProps {
  communityName: string;
  staff: StaffViewer;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The time zones this server knows, offered as the field's suggestions. */
  timeZones: string[];
  /** The map to drop the pin on (a widget), with the builder's other communities; without it, the fields alone. */
  pinMap?: {
    start: [number, number];
    others: [number, number][];
    tileUrl: string;
    attribution: string;
    stylesheet: string;
  };
}

/** GET /admin/communities/new: a plain form (no JavaScript needed) posting the fields of POST /admin/communities. */
export function NewCommunityPage(props: NewCommunityPageProps) {
  const { communityName, staff, values, errors, timeZones, pinMap } = props;
  const problems: FormProblem[] = FIELDS.filter((field) => errors[field.name]).map((field) => ({
    fieldId: `community-${field.name}`,
    label: field.label,
  }));
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/communities">
      <p className="content-breadcrumb">
        <a href="/admin/communities">Communities</a> › New community
      </p>
      <h1>New community</h1>
      <p>
        It is not public until you publish it from its checklist: its texts, plans and tour hours start from the first
        community’s, and its plans and promotions start empty.
      </p>
      <ErrorSummary id="community-problems" problems={problems} focusOnLoad />
      <form method="post" action="/admin/communities" className="staff-form" noValidate>
        <input type="hidden" name="_csrf" value={staff.csrfToken} />
        {FIELDS.map((field) => {
          const { name, label, ...rest } = field;
          return (
            <div className="form-row" key={name}>
              <FormField
                id={`community-${name}`}
                name={name}
                label={label}
                defaultValue={values[name] ?? ''}
                error={errors[name]}
                {...rest}
                {...(name === 'timeZone' ? { list: 'community-time-zones' } : {})}
              />
              {name === 'lng' && pinMap ? (
                <Widget
                  name="PinMap"
                  hydrate="visible"
                  props={{
                    latitudeId: 'community-lat',
                    longitudeId: 'community-lng',
                    name: values.name || 'the new community',
                    ...pinMap,
                  }}
                />
              ) : null}
            </div>
          );
        })}
        <datalist id="community-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <button type="submit" className="button button-primary">
          Create the community
        </button>
      </form>
    </AdminLayout>
  );
}
