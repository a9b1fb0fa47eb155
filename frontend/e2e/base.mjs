// The site the browser tests read: run.mjs starts it (or takes the one named) and gives every test file its URL.
export const base = process.env.PODIUM_E2E_URL
if (!base) throw new Error('PODIUM_E2E_URL is not set: run the browser tests with `npm run test:browser`')
