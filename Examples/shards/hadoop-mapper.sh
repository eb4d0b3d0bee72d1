#!/bin/sh
# The mapper of a Hadoop Streaming job (map only, no reducer): `sanitize filter` on the lines
# of one input split. Reports and the --stats line go to the task's stderr log. Exit status 1
# ("some record was invalid") is not a task failure; 2 (a bad contract, a missing file) is.
# Documented in README.md "Beyond one machine"; not run by the tests (no Hadoop here).
sanitize filter --contract user.schema.json --report-key /id --jobs 1 --stats
status=$?
[ "$status" -le 1 ] || exit "$status"
