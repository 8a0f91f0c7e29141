import { Random } from '@icehouse/db/seed';

/**
 * Word lists for the load benchmark's data set: customers of an ice-house and walk-in cooler maker
 * in the upper Midwest (people, resorts, bait shops, outfitters...). Fictional combinations of
 * common names and real place names; phone numbers are 555-01xx.
 */

export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Christopher', 'Nancy', 'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle',
  'Erik', 'Lars', 'Ingrid', 'Sven', 'Olaf', 'Greta', 'Nils', 'Karl', 'Anders', 'Britta',
  'Gunnar', 'Astrid', 'Leif', 'Solveig', 'Dale', 'Duane', 'Arlen', 'Loren', 'Darlene', 'Marlys',
  'Bruce', 'Wayne', 'Gary', 'Randy', 'Terry', 'Kevin', 'Brian', 'Jeff', 'Scott', 'Todd',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Anderson', 'Wilson', 'Taylor',
  'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Nelson',
  'Baker', 'Hall', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Olson', 'Peterson', 'Larson', 'Hanson',
  'Swanson', 'Johnston', 'Lindqvist', 'Nygaard', 'Bergstrom', 'Halvorson', 'Kowalski', 'Schmidt', 'Mueller', 'Novak',
  'Lindgren', 'Sorensen', 'Christensen', 'Erickson', 'Carlson', 'Nyberg', 'Dahl', 'Lund', 'Strand', 'Berg',
  'Gustafson', 'Magnuson', 'Sundberg', 'Engstrom', 'Holmquist', 'Wold', 'Ostby', 'Tollefson', 'Rasmussen', 'Jorgenson',
  'Kuehn', 'Wagner', 'Becker', 'Hoffman', 'Koch', 'Schultz', 'Fischer', 'Weber', 'Meyer', 'Zimmerman',
  'Lachance', 'Bouchard', 'Gagnon', 'Thibodeau', 'Dubois', 'Morrison', 'Murphy', 'Sullivan', 'Kelly', 'Brennan',
];

export const LAKES = [
  'Mille Lacs', 'Leech Lake', 'Lake of the Woods', 'Red Lake', 'Upper Red Lake', 'Lake Vermilion', 'Gull Lake',
  'Cass Lake', 'Winnibigoshish', 'Rainy Lake', 'Big Sandy', 'Lake Minnetonka', 'Pelican Lake', 'Otter Tail',
  'Devils Lake', 'Lake Winnebago', 'Green Bay', 'Lake Superior', 'Kabetogama', 'Whitefish Lake', 'Bowstring',
  'Sand Lake', 'Island Lake', 'Crane Lake', 'Lake Mille Lacs', 'Chippewa Flowage', 'Lake Sakakawea', 'Lake Oahe',
];

export const BUSINESS_PATTERNS: readonly ((p: { last: string; lake: string; city: string }) => string)[] = [
  (p) => `${p.last} Bait & Tackle`,
  (p) => `${p.lake} Resort`,
  (p) => `${p.last} Fisheries`,
  (p) => `${p.city} Outfitters`,
  (p) => `${p.lake} Lodge`,
  (p) => `${p.last} & Sons Construction`,
  (p) => `${p.city} Meat Market`,
  (p) => `${p.last} Farms`,
  (p) => `${p.city} Marina`,
  (p) => `${p.last} Guide Service`,
  (p) => `${p.city} Grocery`,
  (p) => `${p.lake} Ice Rentals`,
  (p) => `${p.last} Brewing Co`,
  (p) => `${p.city} Cold Storage`,
];

export interface Place {
  city: string;
  state: string;
  zip: string;
  area: string;
}

export const PLACES: readonly Place[] = [
  { city: 'Brainerd', state: 'MN', zip: '56401', area: '218' },
  { city: 'Bemidji', state: 'MN', zip: '56601', area: '218' },
  { city: 'Duluth', state: 'MN', zip: '55802', area: '218' },
  { city: 'Grand Rapids', state: 'MN', zip: '55744', area: '218' },
  { city: 'Garrison', state: 'MN', zip: '56450', area: '320' },
  { city: 'Onamia', state: 'MN', zip: '56359', area: '320' },
  { city: 'Walker', state: 'MN', zip: '56484', area: '218' },
  { city: 'Baudette', state: 'MN', zip: '56623', area: '218' },
  { city: 'Warroad', state: 'MN', zip: '56763', area: '218' },
  { city: 'International Falls', state: 'MN', zip: '56649', area: '218' },
  { city: 'Tower', state: 'MN', zip: '55790', area: '218' },
  { city: 'Crosslake', state: 'MN', zip: '56442', area: '218' },
  { city: 'Nisswa', state: 'MN', zip: '56468', area: '218' },
  { city: 'Pine City', state: 'MN', zip: '55063', area: '320' },
  { city: 'St. Cloud', state: 'MN', zip: '56301', area: '320' },
  { city: 'Alexandria', state: 'MN', zip: '56308', area: '320' },
  { city: 'Detroit Lakes', state: 'MN', zip: '56501', area: '218' },
  { city: 'Park Rapids', state: 'MN', zip: '56470', area: '218' },
  { city: 'Minneapolis', state: 'MN', zip: '55401', area: '612' },
  { city: 'Rochester', state: 'MN', zip: '55901', area: '507' },
  { city: 'Hayward', state: 'WI', zip: '54843', area: '715' },
  { city: 'Oshkosh', state: 'WI', zip: '54901', area: '920' },
  { city: 'Fond du Lac', state: 'WI', zip: '54935', area: '920' },
  { city: 'Minocqua', state: 'WI', zip: '54548', area: '715' },
  { city: 'Superior', state: 'WI', zip: '54880', area: '715' },
  { city: 'Green Bay', state: 'WI', zip: '54301', area: '920' },
  { city: 'Devils Lake', state: 'ND', zip: '58301', area: '701' },
  { city: 'Bismarck', state: 'ND', zip: '58501', area: '701' },
  { city: 'Fargo', state: 'ND', zip: '58102', area: '701' },
  { city: 'Pierre', state: 'SD', zip: '57501', area: '605' },
];

export const STREET_NAMES = [
  'Lake St', 'Birch Ln', 'Main St', 'Pine Ave', 'County Rd 12', 'Whitefish Ave', 'Industrial Blvd', 'Shore Dr',
  'Walleye Way', 'Hwy 169', 'Hwy 371', 'Resort Rd', 'Cedar St', 'Elm St', 'Harbor Dr', 'Point Rd',
];

export const JOB_NAMES = [
  'Cabin ice house', 'Resort rental fleet', 'Walk-in for the shop', 'Replacement door', 'Fish house for the season',
  'Bait cooler', 'Camp freezer', 'Wheelhouse upgrade', 'Deer camp', 'Store expansion', '',
];

export const NOTES = [
  '', '', '', 'Call before delivery', 'Customer will pick up at the shop', 'Gate code 4411', 'Deliver after 3 pm',
  'Leave on the lake access', 'Repeat customer: same colours as last year', 'Wants a quote for a second unit',
];

export const DOOR_PLACEMENTS = ['Front, centred', 'Front, left side', 'Side, near the back', 'Front, right side', ''];

/** Partial, any-case customer searches (a few common, a few rare), as people type them. */
export const CUSTOMER_SEARCHES = ['smi', 'olson', 'lake', 'resort', 'lindq', 'bait', 'erik', 'marina', 'hanson', 'nygaard', 'woods', 'thib'];

/** Invoice searches: part of a customer name, or an invoice number. */
export const INVOICE_SEARCHES = ['smith', 'lodge', 'lindq', 'outfit', 'nygaard', 'brew', 'olson', 'kowal'];

/**
 * A customer's name as the seed draws it: a person (55%) or a business named after the person, a lake or
 * the town (45%). The draws' order is the seed's, so a seeded database does not change with this function.
 */
export function customerNameOf(rnd: Random, city: string): { name: string; business: boolean } {
  const last = rnd.pick(LAST_NAMES);
  const business = rnd.chance(0.45);
  const name = business ? rnd.pick(BUSINESS_PATTERNS)({ last, lake: rnd.pick(LAKES), city }) : `${rnd.pick(FIRST_NAMES)} ${last}`;
  return { name, business };
}

/**
 * The n-th customer name of the orders a benchmark creates, drawn as the seed's are, so that the newest
 * orders (where the orders list's customer search looks first) match the searches as the seeded ones do,
 * rather than thousands of copies of one name or people's names only.
 */
export const createdCustomerName = (n: number) => customerNameOf(new Random(n), PLACES[n % PLACES.length]!.city).name;
