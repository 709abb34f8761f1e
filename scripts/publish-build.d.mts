// Types of publish-build.mjs (for the tests written in TypeScript).
export declare const buildsOf: (output: string) => string;
export declare function newBuildDir(output: string): string;
export declare function currentBuild(output: string): string | undefined;
export declare function publishBuild(output: string, dir: string, opts?: { keep?: number }): void;
export declare function ownAssets(dir: string): string[];
export declare function carryAssets(previous: string, next: string): number;
