/** A value that may be missing (a nullable column), converted where it is present and null where it is not. */
export function mapNullable<From, To>(value: From | null, convert: (present: From) => To): To | null {
  return value === null ? null : convert(value);
}
