/**
 * SAMPLE DATA: names and places for generated sample communities. Every community, town and street name here is
 * invented for demonstration; the towns sit at plausible positions in real regions (state, time zone, a ZIP code of
 * that state) so maps, distances and the listing feed look as they would for a real builder.
 */

export interface SampleRegion {
  /** How locals name the area: "Front Range", for a hospital's name. */
  name: string;
  state: string;
  timeZone: string;
  /** Prices here against the sample community's (northern Colorado = 1). */
  priceFactor: number;
}

export interface SampleTown {
  city: string;
  zip: string;
  lat: number;
  lng: number;
  region: SampleRegion;
}

const region = (name: string, state: string, timeZone: string, priceFactor: number): SampleRegion => ({
  name,
  state,
  timeZone,
  priceFactor,
});

const NORTHERN_COLORADO = region('Northern Colorado', 'CO', 'America/Denver', 1);
const FRONT_RANGE = region('Front Range', 'CO', 'America/Denver', 1.06);
const PIKES_PEAK = region('Pikes Peak', 'CO', 'America/Denver', 0.92);
const WASATCH = region('Wasatch', 'UT', 'America/Denver', 1.02);
const TREASURE_VALLEY = region('Treasure Valley', 'ID', 'America/Boise', 0.88);
const EAST_VALLEY = region('East Valley', 'AZ', 'America/Phoenix', 0.86);
const SOUTHERN_NEVADA = region('Southern Nevada', 'NV', 'America/Los_Angeles', 0.9);
const HILL_COUNTRY = region('Hill Country', 'TX', 'America/Chicago', 0.84);
const NORTH_TEXAS = region('North Texas', 'TX', 'America/Chicago', 0.82);
const GULF_COAST = region('Gulf Coast', 'TX', 'America/Chicago', 0.72);
const SOUTH_TEXAS = region('South Texas', 'TX', 'America/Chicago', 0.7);
const MIDDLE_TENNESSEE = region('Middle Tennessee', 'TN', 'America/Chicago', 0.94);
const TRIANGLE = region('Triangle', 'NC', 'America/New_York', 0.88);
const PIEDMONT = region('Piedmont', 'NC', 'America/New_York', 0.8);
const NORTH_GEORGIA = region('North Georgia', 'GA', 'America/New_York', 0.84);
const SUNCOAST = region('Suncoast', 'FL', 'America/New_York', 0.78);
const CENTRAL_FLORIDA = region('Central Florida', 'FL', 'America/New_York', 0.8);
const UPSTATE = region('Upstate', 'SC', 'America/New_York', 0.7);

const town = (city: string, zip: string, lat: number, lng: number, at: SampleRegion): SampleTown => ({
  city,
  zip,
  lat,
  lng,
  region: at,
});

/**
 * The towns, in the order communities take them: the first ones near the sample community in northern Colorado
 * (a three-community demo shows one builder's area on one map), then further out, as a growing builder would.
 */
export const SAMPLE_TOWNS: readonly SampleTown[] = [
  town('Pell Creek', '80543', 40.521, -104.882, NORTHERN_COLORADO),
  town('Harlow Springs', '80534', 40.402, -104.978, NORTHERN_COLORADO),
  town('Kettle Ridge', '80615', 40.566, -104.991, NORTHERN_COLORADO),
  town('Stanton Mills', '80602', 39.986, -104.984, FRONT_RANGE),
  town('Clearbrook Flats', '80603', 40.031, -104.899, FRONT_RANGE),
  town('Arden Flats', '80022', 39.931, -104.821, FRONT_RANGE),
  town('Tessera Springs', '80908', 38.991, -104.718, PIKES_PEAK),
  town('Cotter Mesa', '80923', 38.902, -104.681, PIKES_PEAK),
  town('Scrub Oak Mesa', '80925', 38.829, -104.702, PIKES_PEAK),
  town('Saddleback Point', '84043', 40.431, -111.881, WASATCH),
  town('Juniper Flats', '84096', 40.519, -111.951, WASATCH),
  town('Cobble Creek', '84062', 40.352, -111.779, WASATCH),
  town('Bitterbrush', '83646', 43.621, -116.418, TREASURE_VALLEY),
  town('Sagebrush Flats', '83709', 43.561, -116.302, TREASURE_VALLEY),
  town('Owyhee Bend', '83687', 43.518, -116.462, TREASURE_VALLEY),
  town('Saguaro Wells', '85212', 33.318, -111.679, EAST_VALLEY),
  town('Cholla Springs', '85286', 33.251, -111.848, EAST_VALLEY),
  town('Desert Hollow', '85142', 33.212, -111.618, EAST_VALLEY),
  town('Sandstone Valley', '89052', 36.011, -115.081, SOUTHERN_NEVADA),
  town('Silver Sage', '89135', 36.119, -115.291, SOUTHERN_NEVADA),
  town('Red Mesa', '89031', 36.268, -115.209, SOUTHERN_NEVADA),
  town('Anacacho Springs', '78641', 30.561, -97.762, HILL_COUNTRY),
  town('Caddo Springs', '78626', 30.648, -97.681, HILL_COUNTRY),
  town('Limestone Hills', '78613', 30.512, -97.851, HILL_COUNTRY),
  town('Prairie Chapel', '75078', 33.221, -96.779, NORTH_TEXAS),
  town('Elm Fork', '75068', 33.152, -96.901, NORTH_TEXAS),
  town('Copper Creek', '75071', 33.281, -96.621, NORTH_TEXAS),
  town('Brazos Point', '77433', 29.931, -95.779, GULF_COAST),
  town('Tall Pines', '77377', 30.049, -95.621, GULF_COAST),
  town('Bayou Springs', '77494', 29.801, -95.852, GULF_COAST),
  town('Caliche Creek', '78254', 29.621, -98.641, SOUTH_TEXAS),
  town('Kerrow Oaks', '78258', 29.701, -98.452, SOUTH_TEXAS),
  town('Medina Crossing', '78245', 29.449, -98.779, SOUTH_TEXAS),
  town('Wrenbrook', '37064', 35.901, -86.869, MIDDLE_TENNESSEE),
  town('Nolen Springs', '37135', 35.839, -86.721, MIDDLE_TENNESSEE),
  town('Cedar Fork', '37086', 35.979, -86.602, MIDDLE_TENNESSEE),
  town('Pine Hollow', '27519', 35.751, -78.879, TRIANGLE),
  town('Falls Crossing', '27614', 35.879, -78.601, TRIANGLE),
  town('Holly Glen', '27540', 35.641, -78.799, TRIANGLE),
  town('Catawba Springs', '29708', 35.049, -80.981, PIEDMONT),
  town('Tarleton Mill', '28105', 35.121, -80.719, PIEDMONT),
  town('Waxwing Pines', '28173', 34.951, -80.741, PIEDMONT),
  town('Laurel Ford', '30004', 34.081, -84.279, NORTH_GEORGIA),
  town('Piedmont Springs', '30097', 34.019, -84.121, NORTH_GEORGIA),
  town('Red Clay', '30041', 34.181, -84.149, NORTH_GEORGIA),
  town('Egret Point', '33559', 28.179, -82.361, SUNCOAST),
  town('Cypress Hammock', '33592', 28.061, -82.299, SUNCOAST),
  town('Sand Pine', '34638', 28.231, -82.479, SUNCOAST),
  town('Lake Marigold', '32832', 28.401, -81.229, CENTRAL_FLORIDA),
  town('Sawgrass Crossing', '34744', 28.301, -81.381, CENTRAL_FLORIDA),
  town('Osceola Pines', '34787', 28.471, -81.649, CENTRAL_FLORIDA),
  town('Reedy Falls', '29681', 34.821, -82.289, UPSTATE),
  town('Paris Creek', '29609', 34.901, -82.351, UPSTATE),
  town('Blue Ridge Landing', '29650', 34.959, -82.201, UPSTATE),
];

/** Community names, in the order communities take them. Beyond the list a name comes round again with a numeral. */
export const SAMPLE_COMMUNITY_NAMES: readonly string[] = [
  'Cedar Hollow',
  'Willow Bend',
  'Juniper Crossing',
  'Larkspur Meadows',
  'Sorrel Creek',
  'Hawthorn Glen',
  'Birchwood Landing',
  'Sage Bluff',
  'Alder Point',
  'Linden Park',
  'Thistle Ridge',
  'Bramble Vale',
  'Heron Lake',
  'Kestrel Run',
  'Magnolia Terrace',
  'Cypress Trails',
  'Hazelwood Commons',
  'Rowan Springs',
  'Chestnut Grove',
  'Sycamore Reserve',
  'Clover Heights',
  'Fernbrook',
  'Ivy Crossing',
  'Primrose Landing',
  'Bluestem Prairie',
  'Wren Meadow',
  'Foxglove Ridge',
  'Sparrow Creek',
  'Tamarack Point',
  'Mesquite Trails',
  'Ocotillo Ranch',
  'Palo Verde Bend',
  'Pecan Hollow',
  'Live Oak Crossing',
  'Bluebonnet Meadows',
  'Cottonwood Glen',
  'Dogwood Commons',
  'Redbud Landing',
  'Laurel Vale',
  'Myrtle Springs',
  'Saltgrass Point',
  'Larch Hollow',
  'Goldenrod Park',
  'Elderberry Fields',
  'Heather Bluff',
  'Poppy Terrace',
  'Spruce Run',
  'Hickory Bend',
  'Sweetgrass Crossing',
  'Osprey Landing',
  'Aster Grove',
  'Wildrye Commons',
  'Yarrow Ridge',
  'Meadowlark Point',
  'Silverleaf Glen',
  'Indigo Springs',
  'Bayberry Trails',
  'Clearwater Bend',
  'Buttonwood Reserve',
  'Dove Meadow',
];

/** First words of the streets inside a community and of the places near it. */
export const STREET_WORDS: readonly string[] = [
  'Larkspur',
  'Bluestem',
  'Wren',
  'Aster',
  'Sagebrush',
  'Fox Hollow',
  'Goldfinch',
  'Clover',
  'Bramblewood',
  'Meadowsweet',
  'Quarry',
  'Harvest',
  'Flint',
  'Timber',
  'Rustling Oak',
  'Bluebird',
  'Prairie Wind',
  'Copperleaf',
  'Shady Elm',
  'Pinecone',
  'Thornapple',
  'Canyon Wren',
  'Saddle',
  'Morning Glory',
  'Red Fox',
  'Whistling Duck',
  'Stonecrop',
  'Hollyhock',
];

export const STREET_KINDS: readonly string[] = ['Lane', 'Way', 'Court', 'Drive', 'Trail', 'Place', 'Street', 'Circle'];

/** What the parkway from a community's entrance is called after its name. */
export const PARKWAY_KINDS: readonly string[] = ['Parkway', 'Drive', 'Boulevard', 'Way'];
