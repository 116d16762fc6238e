// Zod compiles object parsers with `new Function` when it may. The server's Content-Security-
// Policy refuses eval in the page, and Zod's probe for it is reported as a policy violation,
// so the app tells Zod not to try. This module is imported first: the setting is read when
// schemas are created, at import of the contract.
import { config } from 'zod/mini';

config({ jitless: true });
