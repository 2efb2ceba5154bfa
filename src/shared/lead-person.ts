/** Who a lead is from: the four fields every lead carries, messages and tours alike, named as the tables name them. */
export interface LeadPerson {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

/** The person's fields alone, from any row or view that carries them. */
export function personOf(lead: LeadPerson): LeadPerson {
  return { firstname: lead.firstname, lastname: lead.lastname, email: lead.email, phone: lead.phone };
}

/**
 * Which lead and whose, as every JSON about one lead begins (the CRM webhook's body, the desk's lead): kind, id,
 * then the person's four fields, in that order.
 */
export function leadIdentity<Kind extends string>(
  lead: LeadPerson & { kind: Kind; id: number },
): LeadPerson & { kind: Kind; id: number } {
  return { kind: lead.kind, id: lead.id, ...personOf(lead) };
}
