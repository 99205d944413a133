// The account feature's public entry.
export { twoFactorQuery } from './api/get-two-factor';
