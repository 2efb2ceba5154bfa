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
