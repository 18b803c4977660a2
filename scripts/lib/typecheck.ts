// The TypeScript projects that `npm run typecheck` and npm test's typecheck step check with
// `tsc -p`: the root (scripts, tests, browser tests, configs), the site (.ts and .tsx, its
// build and config), the site's service worker (a worker's types, not a page's), the functions
// with their tests, and the artwork scripts. Together they
// hold every .ts and .tsx file of the repository (typecheck.test.ts).
export const typecheckProjects = ['.', 'web', 'web/offline', 'functions', 'artwork'] as const;

/**
 * The compiler that checks them (from the root): TypeScript 7, the native port, which type
 * checks as TypeScript 6 does (6.0 is its bridge release) in about a fifth of the CPU time
 * here (the site's project: 13.1 s → 2.3 s). The site's build checks its project with it too
 * (web/package.json). TypeScript 6 stays the library that ESLint's typed rules and editors load
 * (7 offers no such API yet) and the compiler that emits the functions' JavaScript.
 */
export const typecheckCompiler = 'node_modules/typescript-native/bin/tsc';
