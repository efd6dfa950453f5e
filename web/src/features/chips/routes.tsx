// The chip pages.
export { ChipPage } from './ChipPage.js';
export { ChipChatPage } from './ChipChatPage.js';
