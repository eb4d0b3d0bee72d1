// Ajv (Debian's node-ajv, draft-07): read NDJSON lines from a file, JSON.parse, validate.
// Prints "valid invalid" counts. Usage: node ajv-validate.js SCHEMA FILE
const fs = require('fs');
const Ajv = require('ajv');
const ajv = new Ajv({ allErrors: false, format: 'fast' });
const validate = ajv.compile(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')));
const fd = fs.openSync(process.argv[3], 'r');
const chunk = Buffer.alloc(1 << 16);
let pending = '';
let valid = 0, invalid = 0;
function check(line) {
  if (line.length === 0) return;
  let value;
  try { value = JSON.parse(line); } catch (e) { invalid++; return; }
  if (validate(value)) valid++; else invalid++;
}
for (;;) {
  const n = fs.readSync(fd, chunk, 0, chunk.length, null);
  if (n === 0) break;
  const lines = (pending + chunk.toString('utf8', 0, n)).split('\n');
  pending = lines.pop();
  for (const line of lines) check(line);
}
check(pending);
console.log(`${valid} ${invalid}`);
