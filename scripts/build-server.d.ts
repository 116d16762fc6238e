// The types of scripts/build-server.js, for the tests and scripts that start the built server.
export declare const SERVER_BUILD_DIR: string;
export declare const BUILT: { server: string; cli: string };
export declare function buildServer(outDir?: string): Promise<{ server: string; cli: string }>;
