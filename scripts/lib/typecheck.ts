// The TypeScript projects that `npm run typecheck` and npm test's typecheck step check with
// `tsc -p`: the root (scripts, tests, browser tests, configs), the site (.ts and .tsx, its
// build and config), the functions with their tests, and the artwork scripts. Together they
// hold every .ts and .tsx file of the repository (typecheck.test.ts).
export const typecheckProjects = ['.', 'web', 'functions', 'artwork'] as const;
