// Runs the built search page's scripts in Node.js, as the page runs them, and prints
// the anchors of the first results of each query: node search_page.js SITE LANGUAGE,
// with a JSON list of queries on stdin; a JSON list of lists of anchors on stdout.
// Used by tests/site/test_search_conformance.py and benchmarks/lookup.py.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [site, language] = process.argv.slice(2);
const folder = path.join(site, language);
// The page's globals: the scripts only need `window` and a document that has loaded
// (the search page's own form is not there, so they only lend their search).
const context = { document: { readyState: "complete", getElementById: () => null } };
context.window = context;
vm.createContext(context);
for (const file of ["searchindex-celestia.js", "_static/celestia-faq.js",
                    "_static/celestia-search.js"]) {
  vm.runInContext(fs.readFileSync(path.join(folder, file), "utf8"), context, { filename: file });
}
const index = context.CELESTIA_SEARCH;
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const answers = queries.map((query) => context.CelestiaSearch.search(query, index).results
  .slice(0, 8).map((result) => index.units[result[0]][1]));
process.stdout.write(JSON.stringify(answers));
