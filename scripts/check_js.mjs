// Parses every .js/.jsx file under the given folders (make lint): a syntax error in a file
// the build ships fails here, with its place, instead of in a browser.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(join(process.cwd(), ".tools", "node_modules", "x.js"));
const acorn = require("acorn");
const jsx = require("acorn-jsx");
const Parser = acorn.Parser.extend(jsx());

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(js|jsx|mjs)$/.test(name)) yield path;
  }
}

let failed = 0;
let checked = 0;
for (const root of process.argv.slice(2)) {
  for (const path of files(root)) {
    checked += 1;
    try {
      Parser.parse(readFileSync(path, "utf8"), { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true });
    } catch (error) {
      failed += 1;
      console.error(`${path}: ${error.message}`);
    }
  }
}
console.log(`${checked} JavaScript files checked, ${failed} with syntax errors`);
process.exit(failed ? 1 : 0);
