// The organiser's projector view: its own chunk, so the other organiser pages never download it.
export { EventLivePage } from './EventLivePage.js';
