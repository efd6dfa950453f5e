import { SIGNED_IN_ROUTES, sweepRoutes } from './support/sweep.js';

// One test per route; the sweep's checks and its coverage of the route table are in sweep.test.ts.
sweepRoutes('the signed-in area', SIGNED_IN_ROUTES);
