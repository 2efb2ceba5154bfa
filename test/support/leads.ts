import crypto from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { leadSearchColumns } from '../../src/db/lead-search.js';

/** Fields a seeded lead may set beyond the defaults (context, status, notes, spam, …). */
export type LeadFields = Record<string, string | number | boolean | null>;

const PERSON = {
  firstname: 'Pat',
  lastname: 'Buyer',
  email: 'pat@example.com',
  phone: '(970) 555-0100',
};

/** The search columns the app writes with every lead, for the person a seeded lead names. */
function searchColumnsOf(fields: LeadFields) {
  const person = { ...PERSON, ...fields } as typeof PERSON;
  return leadSearchColumns(person);
}

/** Stores a contact message as the form would, with `created_at` an ISO instant. Returns its id. */
export async function seedMessage(db: Knex, createdAt: string, fields: LeadFields = {}): Promise<number> {
  const [row] = await db('contact_messages')
    .insert({
      ...PERSON,
      subject: 'A question',
      message: 'Hello',
      created_at: createdAt,
      ...fields,
      ...searchColumnsOf(fields),
    })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

/** Stores a tour booking (without taking a slot place unless the test does). Returns its id. */
export async function seedTour(db: Knex, createdAt: string, startAt: string, fields: LeadFields = {}): Promise<number> {
  const [row] = await db('tours')
    .insert({
      ...PERSON,
      token: crypto.randomBytes(24).toString('base64url'),
      start_at: startAt,
      slot_minutes: 60,
      message: '',
      created_at: createdAt,
      ...fields,
      ...searchColumnsOf(fields),
    })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

/** An ISO instant `minutes` before a fixed moment, so seeded leads have a known order. */
export function minutesBefore(base: string, minutes: number): string {
  return new Date(Date.parse(base) - minutes * 60_000).toISOString();
}

/** The agent registration form's fields: Alma Agent of Front Range Realty registers Cleo Client. */
export const AGENT_REGISTRATION = {
  agent_firstname: 'Alma',
  agent_lastname: 'Agent',
  agent_email: 'alma@frontrange-realty.example',
  agent_phone: '(970) 555-0120',
  brokerage: 'Front Range Realty',
  license: 'FA100200300',
  client_firstname: 'Cleo',
  client_lastname: 'Client',
  client_email: 'cleo@example.com',
};

/** Posts the agent registration form as a browser does (no JavaScript); returns the new lead's id. */
export async function registerAgentLead(
  url: string,
  db: Knex,
  fields: Partial<typeof AGENT_REGISTRATION> = {},
): Promise<number> {
  const response = await fetch(`${url}/agents/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...AGENT_REGISTRATION, ...fields }),
  });
  expect(response.status, 'agent registration').to.equal(200);
  return Number((await db('agent_registrations').max({ id: 'id' }).first())!.id);
}
