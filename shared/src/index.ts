export * from './constants/index.js';
