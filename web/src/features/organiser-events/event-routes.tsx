// One event's dashboard (/event/:id); its door setup and reminder sections load after its first render.
export { EventViewPage } from './EventViewPage.js';
