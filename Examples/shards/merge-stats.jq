# Merges the `--stats` lines of `sanitize filter` shards into one line, as one process over
# the whole input would have printed it: every count is summed (recordsIn, recordsOut,
# invalid, each invalidByCode entry, blankLines, bytesIn, reportKeyNull). The members that
# do not add up across shards (seconds, megabytesPerSecond, recordsPerSecond, peakRSSBytes)
# are left out.
#   jq -cs -f Examples/shards/merge-stats.jq stats.ndjson
# The same as a one-liner:
#   jq -cs 'map(.stats | del(.seconds, .megabytesPerSecond, .recordsPerSecond, .peakRSSBytes)) | {stats: (reduce .[1:][] as $s (.[0]; reduce ($s | paths(numbers)) as $p (.; setpath($p; getpath($p) + ($s | getpath($p))))))}'
map(.stats | del(.seconds, .megabytesPerSecond, .recordsPerSecond, .peakRSSBytes))
| {stats: (reduce .[1:][] as $s (.[0]; reduce ($s | paths(numbers)) as $p (.; setpath($p; getpath($p) + ($s | getpath($p))))))}
