import type { BuildingType, SettingCategory } from '@icehouse/domain';

/** Demo catalogue and customers: a small ice-house and walk-in cooler maker in Minnesota. */

export const DEMO_COMPANY = {
  name: 'North Star Ice Houses',
  street: '2150 Industrial Blvd',
  city: 'Pine City',
  state: 'MN',
  zipCode: '55063',
  phone: '(320) 555-0100',
  fax: '(320) 555-0101',
  email: 'orders@northstaricehouses.example',
  website: 'https://northstaricehouses.example',
  salesTaxRate: '6.88',
  remitPaymentName: 'North Star Ice Houses - Accounts Receivable',
  remitPaymentStreet: 'PO Box 412',
  remitPaymentCity: 'Pine City',
  remitPaymentState: 'MN',
  remitPaymentZipCode: '55063',
  // The shop board's "n of c units this week" (decision 153).
  weeklyCapacity: 8,
} as const;

/** One sign-in per role, so each can be tried; `staff` is the office role (everything but the admin's). */
export const DEMO_USERS = [
  { username: 'admin', password: 'admin-demo-2026', email: 'admin@northstaricehouses.example', role: 'admin', isSuperuser: true },
  { username: 'staff', password: 'staff-demo-2026', email: 'staff@northstaricehouses.example', role: 'office', isSuperuser: false },
  { username: 'sales', password: 'sales-demo-2026', email: 'sales@northstaricehouses.example', role: 'sales', isSuperuser: false },
  { username: 'accounts', password: 'accounts-demo-2026', email: 'accounts@northstaricehouses.example', role: 'accounting', isSuperuser: false },
  { username: 'shop', password: 'shop-demo-2026', email: 'shop@northstaricehouses.example', role: 'shop', isSuperuser: false },
] as const;

/** [value, price]; price '0.00' where the category is not priced (the settings form requires a price). */
export const DEMO_SETTINGS: Record<SettingCategory, readonly (readonly [string, string])[]> = {
  ship_via: [
    ['Customer Pickup', '0.00'],
    ['Company Truck', '0.00'],
    ['Freight Carrier', '0.00'],
  ],
  size: [
    ['6x8', '0.00'],
    ['6x12', '0.00'],
    ['8x10', '0.00'],
    ['8x12', '0.00'],
    ['8x16', '0.00'],
    ['10x12', '0.00'],
    ['12x16', '0.00'],
  ],
  thickness: [
    ['4"', '0.00'],
    ['5"', '0.00'],
    ['6"', '0.00'],
  ],
  building_type: [
    ['Freezer/Cooler Unit', '0.00'],
    ['Ice House Kit', '0.00'],
    ['Prebuilt Ice House', '0.00'],
    ['Door Only', '0.00'],
  ],
  door_type: [
    ['Standard Swing 36"', '850.00'],
    ['Standard Swing 42"', '950.00'],
    ['Freezer Door with Heater Strip', '1450.00'],
    ['Sliding Cooler Door', '1650.00'],
  ],
  door_cladding: [
    ['Galvalume', '125.00'],
    ['Painted Steel', '195.00'],
    ['Diamond Plate Kick Plate', '140.00'],
    ['Stainless Steel', '475.00'],
  ],
  hinge_side: [
    ['Left', '0.00'],
    ['Right', '0.00'],
  ],
  roof_color: [
    ['Galvalume', '0.00'],
    ['Charcoal', '0.00'],
    ['Burnished Slate', '0.00'],
    ['Barn Red', '0.00'],
  ],
  siding_color: [
    ['Polar White', '0.00'],
    ['Tan', '0.00'],
    ['Forest Green', '0.00'],
    ['Barn Red', '0.00'],
    ['Charcoal', '0.00'],
  ],
  additional_item: [
    ['Strip Curtain', '165.00'],
    ['Interior LED Light', '85.00'],
    ['Wire Shelving Unit', '240.00'],
    ['Rod Holder Set', '45.00'],
    ['Floor Hole Cutouts (pair)', '60.00'],
    ['Fold-down Bunk', '320.00'],
    ['Vented Propane Heater', '289.00'],
    ['Sliding Window', '175.00'],
    ['Exhaust Vent Fan', '95.00'],
  ],
};

export const DEMO_COMPONENTS = [
  { name: 'Insulated Wall Panel 4" (4x8)', cost: '145.00', markup: '35.00' },
  { name: 'Insulated Wall Panel 6" (4x8)', cost: '185.00', markup: '35.00' },
  { name: 'Insulated Roof Panel (4x8)', cost: '160.00', markup: '35.00' },
  { name: 'Aluminum Floor Frame', cost: '420.00', markup: '30.00' },
  { name: 'Door Frame Kit', cost: '210.00', markup: '40.00' },
  { name: 'Hinge and Latch Hardware Set', cost: '65.00', markup: '50.00' },
  { name: 'Door Gasket Kit', cost: '38.00', markup: '60.00' },
  { name: 'Walk-in Refrigeration Unit', cost: '2400.00', markup: '20.00' },
  { name: 'Trailer Axle Kit', cost: '1350.00', markup: '25.00' },
  { name: 'Cam Lock Set (12)', cost: '22.00', markup: '75.00' },
] as const;

export interface DemoProduct {
  description: string;
  buildingType: BuildingType;
  /** Simple products carry a price; the others list [component name, quantity]. */
  price?: string;
  components?: readonly (readonly [string, number])[];
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { description: 'Walk-in Cooler 8x10', buildingType: 'FREEZER_COOLER_UNIT', price: '8950.00' },
  {
    description: 'Walk-in Freezer 8x12',
    buildingType: 'FREEZER_COOLER_UNIT',
    components: [
      ['Insulated Wall Panel 6" (4x8)', 10],
      ['Insulated Roof Panel (4x8)', 3],
      ['Door Frame Kit', 1],
      ['Door Gasket Kit', 1],
      ['Walk-in Refrigeration Unit', 1],
      ['Cam Lock Set (12)', 4],
    ],
  },
  {
    description: 'Ice House Kit 8x12 Standard',
    buildingType: 'ICE_HOUSE_KIT',
    components: [
      ['Insulated Wall Panel 4" (4x8)', 10],
      ['Insulated Roof Panel (4x8)', 3],
      ['Door Frame Kit', 1],
      ['Hinge and Latch Hardware Set', 1],
      ['Cam Lock Set (12)', 3],
    ],
  },
  { description: 'Ice House Kit 8x16 Deluxe', buildingType: 'ICE_HOUSE_KIT', price: '6450.00' },
  { description: 'Prebuilt Wheelhouse 8x16', buildingType: 'PREBUILT_ICE_HOUSE', price: '18900.00' },
  {
    description: 'Prebuilt Skid House 6x12',
    buildingType: 'PREBUILT_ICE_HOUSE',
    components: [
      ['Insulated Wall Panel 4" (4x8)', 8],
      ['Insulated Roof Panel (4x8)', 2],
      ['Aluminum Floor Frame', 1],
      ['Door Frame Kit', 1],
      ['Hinge and Latch Hardware Set', 1],
    ],
  },
  {
    description: 'Prebuilt Wheelhouse 8x20 with Axle',
    buildingType: 'PREBUILT_ICE_HOUSE',
    components: [
      ['Insulated Wall Panel 6" (4x8)', 14],
      ['Insulated Roof Panel (4x8)', 5],
      ['Aluminum Floor Frame', 2],
      ['Trailer Axle Kit', 1],
      ['Door Frame Kit', 1],
      ['Hinge and Latch Hardware Set', 1],
    ],
  },
  { description: 'Insulated Door Only', buildingType: 'DOOR_ONLY', price: '1150.00' },
  {
    description: 'Cooler Door Replacement Kit',
    buildingType: 'DOOR_ONLY',
    components: [
      ['Door Frame Kit', 1],
      ['Hinge and Latch Hardware Set', 1],
      ['Door Gasket Kit', 1],
    ],
  },
];

/** Which size each catalogue product is (for the building info's size). */
export const PRODUCT_SIZES: Record<string, string> = {
  'Walk-in Cooler 8x10': '8x10',
  'Walk-in Freezer 8x12': '8x12',
  'Ice House Kit 8x12 Standard': '8x12',
  'Ice House Kit 8x16 Deluxe': '8x16',
  'Prebuilt Wheelhouse 8x16': '8x16',
  'Prebuilt Skid House 6x12': '6x12',
};

export interface DemoCustomer {
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  /** On the customer record: the statement and invoice emails go here ('' for none). */
  email?: string;
  /** The terms each new invoice of theirs takes ("Net 30"; none: due on receipt; decision 175). */
  paymentTerms?: string;
  /** A delivery address other than the billing one (a lake access, a second site). */
  shipTo?: { name: string; street: string; city: string; state: string; zipCode: string };
}

/** Fictional customers at real places in the upper Midwest (555-01xx phone numbers). */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    name: 'Lakeside Bait & Tackle',
    street: '412 Lake St S',
    city: 'Garrison',
    state: 'MN',
    zipCode: '56450',
    phone: '(320) 555-0112',
  },
  {
    name: 'Erik Lindqvist',
    street: '1820 Birch Ln',
    city: 'Brainerd',
    state: 'MN',
    zipCode: '56401',
    phone: '(218) 555-0143',
    shipTo: {
      name: 'Erik Lindqvist - Cabin',
      street: '27415 Whitefish Ave',
      city: 'Crosslake',
      state: 'MN',
      zipCode: '56442',
    },
  },
  {
    name: 'Mille Lacs Outfitters',
    street: '40710 US Hwy 169',
    city: 'Onamia',
    state: 'MN',
    zipCode: '56359',
    phone: '(320) 555-0178',
    email: 'accounts@millelacsoutfitters.example',
    paymentTerms: 'Net 30',
  },
  {
    name: 'Red Lake Fish House Rentals',
    street: '215 Main Ave N',
    city: 'Waskish',
    state: 'MN',
    zipCode: '56685',
    phone: '(218) 555-0190',
    shipTo: {
      name: 'Red Lake Rentals - Access #3',
      street: '1 Public Access Rd',
      city: 'Waskish',
      state: 'MN',
      zipCode: '56685',
    },
  },
  {
    name: 'Johnson Family Cabin',
    street: '8830 Pine Point Rd',
    city: 'Walker',
    state: 'MN',
    zipCode: '56484',
    phone: '(218) 555-0121',
  },
  {
    name: 'Northwoods Meat Market',
    street: '306 1st St N',
    city: 'Aitkin',
    state: 'MN',
    zipCode: '56431',
    phone: '(218) 555-0155',
  },
  {
    name: 'Dave Kowalski',
    street: '52 Elm St',
    city: 'Hayward',
    state: 'WI',
    zipCode: '54843',
    phone: '(715) 555-0137',
  },
  {
    name: 'Lake of the Woods Resort',
    street: '3070 Cedar Spur Dr NW',
    city: 'Baudette',
    state: 'MN',
    zipCode: '56623',
    phone: '(218) 555-0164',
    shipTo: {
      name: 'LOTW Resort - Ice Road Camp',
      street: '4255 Pitt Grade Rd',
      city: 'Baudette',
      state: 'MN',
      zipCode: '56623',
    },
  },
  {
    name: 'Sarah Thompson',
    street: '1440 Oak Ridge Dr',
    city: 'Saint Cloud',
    state: 'MN',
    zipCode: '56301',
    phone: '(320) 555-0109',
  },
  {
    name: 'Devils Lake Guide Service',
    street: '410 4th St NE',
    city: 'Devils Lake',
    state: 'ND',
    zipCode: '58301',
    phone: '(701) 555-0126',
  },
  {
    name: 'Hometown Grocery Co-op',
    street: '118 Main St E',
    city: 'Cumberland',
    state: 'WI',
    zipCode: '54829',
    phone: '(715) 555-0148',
  },
  {
    name: 'Mike & Linda Olson',
    street: '22980 County Rd 3',
    city: 'Merrifield',
    state: 'MN',
    zipCode: '56465',
    phone: '(218) 555-0182',
  },
  {
    name: 'Upper Peninsula Ice Fishing Co.',
    street: '901 W Washington St',
    city: 'Marquette',
    state: 'MI',
    zipCode: '49855',
    phone: '(906) 555-0133',
  },
  {
    name: 'Pelican Lake Sportsmen Club',
    street: '37700 Lakeshore Dr',
    city: 'Pelican Rapids',
    state: 'MN',
    zipCode: '56572',
    phone: '(218) 555-0117',
  },
  {
    name: 'Brian Schultz',
    street: '615 Maple Ave',
    city: 'Wadena',
    state: 'MN',
    zipCode: '56482',
    phone: '(218) 555-0159',
  },
  {
    name: 'Big Sandy Lodge',
    street: '20534 Big Sandy Lodge Rd',
    city: 'McGregor',
    state: 'MN',
    zipCode: '55760',
    phone: '(218) 555-0171',
  },
  {
    name: 'Leech Lake Marine',
    street: '6502 State Hwy 371',
    city: 'Walker',
    state: 'MN',
    zipCode: '56484',
    phone: '(218) 555-0195',
    paymentTerms: 'Net 15',
  },
  {
    name: 'Tom Haugen',
    street: '307 Division St',
    city: 'Northfield',
    state: 'MN',
    zipCode: '55057',
    phone: '(507) 555-0104',
    shipTo: {
      name: 'Tom Haugen',
      street: '14220 Lake Shore Rd',
      city: 'Bemidji',
      state: 'MN',
      zipCode: '56601',
    },
  },
  {
    name: 'Green Bay Butcher Supply',
    street: '1250 Main St',
    city: 'Green Bay',
    state: 'WI',
    zipCode: '54302',
    phone: '(920) 555-0140',
  },
  {
    name: 'Winnibigoshish Fishing Camp',
    street: '40 Dam Rd',
    city: 'Deer River',
    state: 'MN',
    zipCode: '56636',
    phone: '(218) 555-0186',
  },
  {
    name: 'Karen Nguyen',
    street: '4412 Xerxes Ave S',
    city: 'Minneapolis',
    state: 'MN',
    zipCode: '55410',
    phone: '(612) 555-0114',
  },
  {
    name: 'Otter Tail County Fair Assoc.',
    street: '511 W Lincoln Ave',
    city: 'Fergus Falls',
    state: 'MN',
    zipCode: '56537',
    phone: '(218) 555-0166',
  },
  {
    name: 'Cass Lake Convenience',
    street: '201 Cedar Ave',
    city: 'Cass Lake',
    state: 'MN',
    zipCode: '56633',
    phone: '(218) 555-0128',
  },
  {
    name: 'Paul Bergstrom',
    street: '915 Park Ave',
    city: 'Detroit Lakes',
    state: 'MN',
    zipCode: '56501',
    phone: '(218) 555-0151',
  },
  {
    name: 'Lake Vermilion Outpost',
    street: '4489 Vermilion Dr',
    city: 'Cook',
    state: 'MN',
    zipCode: '55723',
    phone: '(218) 555-0198',
  },
  {
    name: 'Fargo Catering Kitchen',
    street: '2301 13th Ave S',
    city: 'Fargo',
    state: 'ND',
    zipCode: '58103',
    phone: '(701) 555-0175',
  },
  {
    name: 'Jim & Barb Peterson',
    street: '6720 Hillcrest Rd',
    city: 'Duluth',
    state: 'MN',
    zipCode: '55803',
    phone: '(218) 555-0103',
  },
  {
    name: 'Rainy Lake Guides',
    street: '1012 3rd St',
    city: 'International Falls',
    state: 'MN',
    zipCode: '56649',
    phone: '(218) 555-0145',
  },
];

export const DEMO_JOB_NAMES = [
  'Winter rental fleet',
  'Cabin ice house',
  'Walk-in replacement',
  'Store expansion',
  'Guide camp 2026',
  'Resort upgrade',
  'Fish house #2',
  'Back room cooler',
  '',
  '',
];

export const DEMO_DOOR_PLACEMENTS = [
  'Door centered on the 8 ft wall, opens out',
  'Door on the long wall, 2 ft from the left corner',
  'Door at the front, hinge toward the hitch',
  'Door on the end wall, opens in',
  '',
];

export const DEMO_NOTES = [
  'Customer will call ahead before pickup.',
  'Deliver before lake ice reaches 12 in.',
  "Match the siding color of last year's house.",
  'Gate code 4410 at the access road.',
  'Call Dave the day before delivery.',
  '',
  '',
  '',
];

export const DEMO_SPECIAL_DELIVERY = [
  'Liftgate needed',
  'Deliver to the ice road access, 4x4 only',
  'Back entrance, loading dock on the east side',
  "Place on the customer's skids",
  '',
  '',
  '',
];

export const DEMO_FOB = ['Origin', 'Destination', 'Pine City, MN'];

/**
 * What the shop has on hand of each component (the materials list's "to buy" is needed − on hand):
 * enough panels and hardware for a week or so, no refrigeration unit or axle in stock.
 */
export const DEMO_ON_HAND: Readonly<Record<(typeof DEMO_COMPONENTS)[number]['name'], number>> = {
  'Insulated Wall Panel 4" (4x8)': 12,
  'Insulated Wall Panel 6" (4x8)': 16,
  'Insulated Roof Panel (4x8)': 6,
  'Aluminum Floor Frame': 1,
  'Door Frame Kit': 3,
  'Hinge and Latch Hardware Set': 4,
  'Door Gasket Kit': 2,
  'Walk-in Refrigeration Unit': 0,
  'Trailer Axle Kit': 0,
  'Cam Lock Set (12)': 10,
};
