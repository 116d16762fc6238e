// Vitest global setup of the projects that start the server or the operator CLI as processes
// (api, e2e): builds them once (scripts/build-server.js), as `npm start` and `npm run ops` do,
// so each process the tests start runs the built server of the sources under test.
import { buildServer } from '../../scripts/build-server.js';

export default async function setup(): Promise<void> {
  await buildServer();
}
