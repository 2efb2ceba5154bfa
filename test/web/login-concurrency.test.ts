import { expect } from 'chai';
import { postSignIn, signIn, STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const OFFICE = '198.51.100.20';
const office = { headers: { 'X-Forwarded-For': OFFICE } };
const PASSWORDS = ['amber lantern one', 'birch kettle two', 'cedar window three', 'dune harbor four'];

/**
 * An office signs in together: one address (TRUST_PROXY=1 lets each request name it), LOGIN_RATE_LIMIT=5. Only
 * failures count against the address, and only once they have failed: correct sign-ins at once are never refused
 * for one another, nor for wrong ones still being checked.
 */
describe('Sign-ins from one office at once', function () {
  this.timeout(60_000);
  let server: TestServer;
  const people: { username: string; password: string }[] = [{ username: 'staff', password: STAFF_PASSWORD }];

  beforeEach(async () => {
    // A hash that takes a moment (8 MiB, tens of ms), so the sign-ins are really in flight together.
    server = await startTestServer({ ...STAFF_ENV, LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '1', PASSWORD_HASH_COST: '13' });
    const owner = await signIn(server.url);
    people.splice(1);
    for (const [index, password] of PASSWORDS.entries()) {
      const username = `counselor${index + 1}`;
      await teamMember(server.url, owner, 'sales', username, password);
      people.push({ username, password });
    }
  });
  afterEach(() => server.close());

  it('lets ten correct sign-ins at once from one address all in', async () => {
    const attempts = Array.from({ length: 10 }, (_, index) => people[index % people.length]!);
    const answers = await Promise.all(
      attempts.map((person) => postSignIn(server.url, person.username, person.password, office)),
    );
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(10).fill(303));
  });

  it('lets correct sign-ins in while four wrong ones from the same address are checked at once', async () => {
    const wrong = Array.from({ length: 4 }, (_, index) =>
      postSignIn(server.url, `stranger${index}`, 'a wrong guess', office),
    );
    const right = Array.from({ length: 6 }, (_, index) => {
      const person = people[index % people.length]!;
      return postSignIn(server.url, person.username, person.password, office);
    });
    const [wrongAnswers, rightAnswers] = await Promise.all([Promise.all(wrong), Promise.all(right)]);
    expect(wrongAnswers.map((answer) => answer.status)).to.deep.equal(Array(4).fill(401));
    expect(rightAnswers.map((answer) => answer.status)).to.deep.equal(Array(6).fill(303));
  });

  it('still blocks the address after five failures, a correct sign-in included', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await postSignIn(server.url, `stranger${attempt}`, 'a wrong guess', office);
      expect(answer.status, `guess ${attempt}`).to.equal(401);
    }
    const blocked = await postSignIn(server.url, 'counselor1', PASSWORDS[0]!, office);
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 15 * 60);
    const elsewhere = await postSignIn(server.url, 'counselor1', PASSWORDS[0]!, {
      headers: { 'X-Forwarded-For': '203.0.113.77' },
    });
    expect(elsewhere.status, 'another address is not blocked').to.equal(303);
  });

  it('blocks a burst of wrong guesses at once once five have failed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => postSignIn(server.url, `stranger${index}`, 'a wrong guess', office)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).to.deep.equal([]);
    const after = await postSignIn(server.url, 'staff', STAFF_PASSWORD, office);
    expect(after.status, 'the address is blocked after the burst').to.equal(429);
  });
});
