/**
 * The rule extractor on work and study: job titles, employers (joining, leaving, switching),
 * industry, school and subject; and what is someone else's job, a wish or a question.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

// Said on 2024-09-10.
const JOB: [string, Expected[]][] = [
  ['I work weekends as a lifeguard', [['job', 'lifeguard']]],
  ['finished my training as an electrician last month', [['job', 'electrician']]],
  ['I teach chemistry at a high school', [['job', 'chemistry teacher']]],
  ["I'm a pharmacist.", [['job', 'pharmacist']]],
  ['im a nurse lol', [['job', 'nurse']]],
  ["I've been a nurse for ten years.", [['job', 'nurse']]],
  [
    "I'm a senior software engineer at Shopify.",
    [
      ['job', 'senior software engineer'],
      ['employer', 'Shopify'],
    ],
  ],
  ['i work as a barista', [['job', 'barista']]],
  [
    'I work at Acme as a pharmacist.',
    [
      ['job', 'pharmacist'],
      ['employer', 'Acme'],
    ],
  ],
  ['I became a teacher last year.', [['job', 'teacher', 'state', { validFrom: '2023-01-01T00:00:00.000Z' }]]],
  ['I switched careers and now work as a data analyst.', [['job', 'data analyst']]],
  ['I got a job as a chef!', [['job', 'chef']]],
  ['I started working as a paramedic in January.', [['job', 'paramedic']]],
  ['I got promoted to team lead last month.', [['job', 'team lead']]],
  ['My new job as a nurse starts to feel normal.', [['job', 'nurse']]],
  ['As a graphic designer, my days are long.', [['job', 'graphic designer']]],
  ["I'm unemployed right now.", [['job', 'unemployed']]],
  ['I retired in March.', [['job', 'retired', 'state', { validFrom: '2024-03-01T00:00:00.000Z' }]]],
  ["I'm self-employed.", [['job', 'self-employed']]],
  ["I'm a stay-at-home mom.", [['job', 'a stay-at-home mom']]],
  ["I'm no longer a pharmacist.", [['job', 'pharmacist', 'retire']]],
  [
    "I'm not a teacher anymore, I'm a nurse now.",
    [
      ['job', 'teacher', 'retire'],
      ['job', 'nurse'],
    ],
  ],
  ['I used to be a lawyer.', [['job', 'lawyer', 'retire']]],
  [
    'I quit being an accountant and became a chef.',
    [
      ['job', 'accountant', 'retire'],
      ['job', 'chef'],
    ],
  ],
  [
    'I left my job as a pharmacist and retrained as a nurse.',
    [
      ['job', 'pharmacist', 'retire'],
      ['job', 'nurse', 'state', { replaces: 'pharmacist' }],
    ],
  ],
  ['Started a new job last week as a chef!', [['job', 'chef']]],
];

const EMPLOYER: [string, Expected[]][] = [
  ['I work at Acme.', [['employer', 'Acme']]],
  ['i work at google', [['employer', 'Google']]],
  ['I work for Deloitte in their finance team.', [['employer', 'Deloitte']]],
  ["I've been at Google for five years.", [['employer', 'Google']]],
  ['My company, Siemens, is doing a reorg.', [['employer', 'Siemens']]],
  ['I joined Globex last month.', [['employer', 'Globex', 'state', { validFrom: '2024-08-01T00:00:00.000Z' }]]],
  ["I'm at Globex now, loving the new job.", [['employer', 'Globex']]],
  ['I just started at Stripe.', [['employer', 'Stripe']]],
  ['I started a new job at Spotify.', [['employer', 'Spotify']]],
  ['Hooli hired me in June!', [['employer', 'Hooli']]],
  ['I now work for Bosch.', [['employer', 'Bosch']]],
  ["I'm working for Shopify these days.", [['employer', 'Shopify']]],
  ['I accepted an offer from Accenture.', [['employer', 'Accenture']]],
  ['I got hired by Netflix last week!!', [['employer', 'Netflix']]],
  ['I quit my job at Acme.', [['employer', 'Acme', 'retire']]],
  ['I lost my job at Initech.', [['employer', 'Initech', 'retire']]],
  ['I got laid off from Initech last week.', [['employer', 'Initech', 'retire']]],
  ['I resigned from Siemens in March.', [['employer', 'Siemens', 'retire']]],
  ["I don't work at Acme anymore.", [['employer', 'Acme', 'retire']]],
  ['I used to work at IBM.', [['employer', 'IBM', 'retire']]],
  [
    'I quit my job at Acme and started at Globex.',
    [
      ['employer', 'Acme', 'retire'],
      ['employer', 'Globex'],
    ],
  ],
  ['I switched jobs from Acme to Globex.', [['employer', 'Globex', 'state', { replaces: 'Acme' }]]],
  ['I left my job at Acme for a position at Globex.', [['employer', 'Acme', 'retire']]],
  ['I work in marketing.', [['industry', 'marketing']]],
  ['I got a job offer from Hooli and accepted it!', [['employer', 'Hooli']]],
  ["Hooli offered me a role and I took it, so I've moved on from Initech.", [['employer', 'Hooli']]],
  ['I signed with Globex in March.', [['employer', 'Globex']]],
];

const SCHOOL: [string, Expected[]][] = [
  ['I study at Lyon University.', [['school', 'Lyon University']]],
  ["I'm a student at the University of Leeds.", [['school', 'the University of Leeds']]],
  ["I'm a freshman at NYU.", [['school', 'NYU']]],
  ['I go to MIT now.', [['school', 'MIT']]],
  ['I transferred to TU Berlin.', [['school', 'TU Berlin']]],
  ['I got into Berkeley and started in September.', [['school', 'Berkeley']]],
  ["I'm now a student at McGill University.", [['school', 'McGill University']]],
  ['Just enrolled at Stanford!', [['school', 'Stanford']]],
  [
    'I switched from McGill University to UBC for my masters.',
    [['school', 'UBC', 'state', { replaces: 'McGill University' }]],
  ],
  ['I graduated from MIT last year.', [['school', 'MIT', 'retire']]],
  [
    "I'm doing a PhD in biology at Oxford.",
    [
      ['study', 'biology'],
      ['school', 'Oxford'],
    ],
  ],
  ["I'm studying computer science.", [['study', 'computer science']]],
  ['I major in economics.', [['study', 'economics']]],
];

const NOT_MINE = [
  'my wife works nights as a nurse',
  'I teach myself Spanish',
  'My brother is a firefighter.',
  'My wife works as a pilot.',
  'My friend works at Google as an engineer.',
  'My dad worked at Oracle for thirty years.',
  'I always wanted to be a dentist.',
  'Should I become a nurse?',
  'If I were an architect I would earn more.',
  'I applied to Netflix but never heard back.',
  'Would IBM be a good place to work?',
  'I hope to become a doctor.',
  'My cousin studies at Yale.',
  'Is Oxford hard to get into?',
  'If I had gone to Harvard, life would be different.',
  'I was rejected by Princeton.',
  'People say I look like a teacher.',
  'Yeah right, I am totally a rocket scientist.',
  "I'm at Starbucks now, working on my laptop.",
  "I'm at the gym now.",
  'We watched a movie about a teacher.',
  "I'm a big fan of your work.",
  "I'm a morning person.",
  'I work from home on Fridays.',
  'I studied for hours last night.',
  "The kids' school is closed today.",
  'I joined a nearby church last month.',
  'I joined a book club.',
  'I got an offer from Google but turned it down.',
  'My sister got an offer from Google and accepted it.',
  'My sister retrained as a nurse.',
];

describe('facts rules: work and study', () => {
  it.each(JOB)('%s', (text, expected) => expectFacts(text, expected));
  it.each(EMPLOYER)('%s', (text, expected) => expectFacts(text, expected));
  it.each(SCHOOL)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
