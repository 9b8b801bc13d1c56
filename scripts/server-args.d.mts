/** The Node flags the server runs with (scripts/server-args.mjs). */
export declare const serverNodeArgs: (env?: Record<string, string | undefined>) => string[];
