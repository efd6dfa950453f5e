// The door: a staff phone's pages.
export { DoorPage } from './DoorPage.js';
export { StaffLinkPage } from './StaffLinkPage.js';
