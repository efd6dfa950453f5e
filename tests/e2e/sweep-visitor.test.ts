import { VISITOR_ROUTES, sweepRoutes } from './support/sweep.js';

// One test per route; the sweep's checks and its coverage of the route table are in sweep.test.ts.
sweepRoutes('card visitors, public events, chips and errors', VISITOR_ROUTES);
