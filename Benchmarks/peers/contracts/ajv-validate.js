// Validates every line of an NDJSON file with Ajv (draft-07); prints the count of valid lines.
const fs = require('fs');
const Ajv = require('ajv');
const schema = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const validate = new Ajv({ allErrors: false }).compile(schema);
const lines = fs.readFileSync(process.argv[3], 'utf8').split('\n');
let valid = 0;
for (const line of lines) {
    if (line.length && validate(JSON.parse(line))) valid++;
}
console.log(valid);
