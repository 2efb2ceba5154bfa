/**
 * Node's arguments for running a TypeScript entry point (a script, the server's source) in a process of its own:
 * tsx's ESM loader. The project is ESM throughout; tsx's CommonJS hooks, which the `tsx` command of `npm run …` also
 * installs, would only stand in front of every require() inside node_modules, about a tenth of a script's start-up
 * CPU (decision 060).
 */
export const TYPESCRIPT_LOADER = 'tsx/esm';
/** `node …TYPESCRIPT_ENTRY file.ts`: Node imports the loader before the entry point. */
export const TYPESCRIPT_ENTRY = ['--import', TYPESCRIPT_LOADER] as const;
