// Where the functions run: the region of the Firestore database (europe-west1 serves a database
// in eur3 or europe-west1). Read by index.ts and by `npm run deploy`, which looks there for
// functions of the same names that are not this site's.
export const functionsRegion = 'europe-west1';
