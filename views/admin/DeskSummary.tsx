/** The sales desk on the dashboard: follow-ups due per counselor, and how fast leads get a first answer. */
import { ScrollRegion } from './ScrollRegion.js';
export interface DeskDashboardView {
  followUps: { owner: string; leads: { href: string; name: string; date: string; overdue: boolean }[] }[];
  firstResponse: {
    overall: { count: number; median: string };
    byCounselor: { counselor: string; count: number; median: string }[];
  };
}

export function DeskSummary({ desk }: { desk: DeskDashboardView }) {
  const { overall, byCounselor } = desk.firstResponse;
  return (
    <>
      <section aria-labelledby="follow-ups-heading">
        <h2 id="follow-ups-heading">Follow-ups due today and overdue</h2>
        {desk.followUps.length === 0 ? (
          <p>Nothing due.</p>
        ) : (
          <div className="desk-follow-ups">
            {desk.followUps.map((group) => (
              <section key={group.owner} className="desk-card" aria-label={`Follow-ups of ${group.owner}`}>
                <h3>{`${group.owner} (${group.leads.length})`}</h3>
                <ul>
                  {group.leads.map((lead) => (
                    <li key={lead.href}>
                      <a href={lead.href}>{lead.name}</a>{' '}
                      {lead.overdue ? <strong className="overdue">{`overdue since ${lead.date}`}</strong> : 'today'}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="first-response-heading">
        <h2 id="first-response-heading">Time to first response, last 30 days</h2>
        <p>
          Median time from a lead’s arrival to its first answer (a status change, an e-mail or a tour):{' '}
          <strong>{overall.median}</strong>
          {` over ${overall.count} answered ${overall.count === 1 ? 'lead' : 'leads'}.`}
        </p>
        {byCounselor.length > 0 ? (
          <ScrollRegion labelledBy="first-response-heading">
            <table className="lead-sources">
              <thead>
                <tr>
                  <th scope="col">Counselor</th>
                  <th scope="col">Leads answered first</th>
                  <th scope="col">Median time</th>
                </tr>
              </thead>
              <tbody>
                {byCounselor.map((row) => (
                  <tr key={row.counselor}>
                    <th scope="row">{row.counselor}</th>
                    <td>{row.count}</td>
                    <td>{row.median}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </section>
    </>
  );
}
