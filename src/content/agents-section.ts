import { z } from 'zod';

/**
 * The `agents` section: the terms /agents shows real-estate agents, and the protection period a registration
 * gives (contract: "within the protection period (content; sample 90 days)"). A registration keeps the period it
 * was made under: a later change of the number applies to new registrations only.
 */
export const agentsSectionSchema = z.object({
  /** Days a registered client stays with the agent who registered them first. */
  protectionDays: z.number().int().min(1).max(365),
  /** The commission, as the page states it ("3% of the base price, paid at closing"). */
  commission: z.string().trim().min(1).max(300),
  /** The terms, one paragraph each, shown above the form. */
  terms: z.array(z.string().trim().min(1).max(2000)).min(1).max(20),
});

export type AgentsSection = z.infer<typeof agentsSectionSchema>;

export const sampleAgents: AgentsSection = {
  protectionDays: 90,
  commission: '3% of the base price, paid at closing.',
  terms: [
    'We welcome real-estate agents and pay a commission on every home sold to a client you register with us before their first visit to our sales office.',
    'Register your client here before their first visit or call; the registration protects your client with you for the protection period, counted from the day you register them. A client already registered by another agent within that period stays with that agent.',
    'Accompany your client on their first visit to the model home. The commission is paid at closing on the base price of the home, excluding options, upgrades and lot premiums, and is not paid on a contract your client signs after the protection period has ended.',
    'A registration names one client (and their household). We confirm each registration by e-mail within one business day.',
  ],
};
