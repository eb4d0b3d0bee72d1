#!/usr/bin/env bash
# `sanitize filter` on one machine three ways, on the 100 MB file of filter.sh (same generator,
# seed 42): one process with two jobs, GNU parallel running two single-job filters
# (README.md "Beyond one machine": --pipe -N 20000 --keep-order), and Apache Spark in
# local[2] mode (Examples/shards/spark_filter.py, RDD.pipe). Prints MB/s per way, and checks
# that every way writes the same records (parallel: byte for byte; Spark: the same multiset).
# Usage: Benchmarks/peers/shards.sh [MEGABYTES]   (default 100; RUNS=N runs each way N times,
# default 1, and keeps the fastest). Spark's time includes starting its JVM.
set -euo pipefail
cd "$(dirname "$0")/../.."
megabytes="${1:-100}"
runs="${RUNS:-1}"
. Benchmarks/peers/settings.sh
require_number MEGABYTES "$megabytes" 1
require_number RUNS "$runs" 1
scripts/install-deps libpcre2-dev pkg-config parallel default-jre-headless bc >/dev/null
scripts/install-python-deps pyspark==4.3.0
PATH="$(scripts/python-venv)/bin:$PATH"; export PATH  # pyspark lives in the project venv

bin="$(scripts/build-cli --scratch-path .build-release)"
contract="$PWD/Rules/contracts/user.schema.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
data="$work/users.ndjson"
python3 Benchmarks/peers/filter/generate-users.py "$megabytes" 42 > "$data"
sync "$data"
bytes=$(stat -c %s "$data")
printf '%s: %d records, %.1f MB, %d cores, load average %s\n\n' "$data" "$(wc -l < "$data")" \
  "$(echo "$bytes / 1000000" | bc -l)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"

export PATH="$(dirname "$bin"):$PATH" C="$contract"
declare -A best
timed() {  # name, then a bash command; keeps the fastest of $runs
  local name="$1" command="$2" start end seconds
  for ((attempt = 0; attempt < runs; attempt++)); do
    start=$(date +%s.%N)
    bash -c "$command" || [ $? -le 1 ] || { echo "$name failed" >&2; exit 1; }
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc -l)
    if [ -z "${best[$name]:-}" ] || (( $(echo "$seconds < ${best[$name]}" | bc) )); then best["$name"]=$seconds; fi
  done
}
one='sanitize filter --contract "$C" --report-key /id --jobs 2 --report /dev/null'
par='parallel --will-cite -j2 --pipe -N 20000 --block 32M --keep-order '\''sanitize filter --contract "$C" --report-key /id --jobs 1 --line-offset $(( ({#} - 1) * 20000 )) --report /dev/null'\'
spark="python3 Examples/shards/spark_filter.py \"\$(command -v sanitize)\" \"\$C\" \"$data\" \"$work/spark-out\" \"$work/spark-reports\" 'local[2]' 4 /id 2>\"$work/spark.log\""
timed "one process, --jobs 2" "$one < '$data' > '$work/one.out'"
# parallel's status counts the jobs that did not exit 0; the job log says which status each had
# (1: invalid records, fine; anything else: a failure).
checked="parallel --joblog '$work/jobs.tsv' ${par#parallel }"
joblog_ok="[ \$(tail -n +2 '$work/jobs.tsv' | awk '\$7 > 1' | wc -l) -eq 0 ] && [ \$(wc -l < '$work/jobs.tsv') -gt 1 ]"
timed "parallel -j2, --jobs 1" "$checked < '$data' > '$work/parallel.out'; $joblog_ok"
# --pipepart: each job reads its part of the file itself (no line counts, so no --line-offset:
# reports are joined by key), without parallel's own copy of every byte.
part="parallel --will-cite -j2 --pipepart -a '$data' --block 10M --keep-order 'sanitize filter --contract \"\$C\" --report-key /id --jobs 1 --report /dev/null'"
timed "parallel -j2 --pipepart, --jobs 1" "$part > '$work/pipepart.out'; true"
timed "Spark local[2], 4 partitions" "rm -rf '$work/spark-out' '$work/spark-reports'; $spark"

cmp -s "$work/one.out" "$work/parallel.out" || { echo "parallel's records differ from one process's" >&2; exit 1; }
cmp -s "$work/one.out" "$work/pipepart.out" || { echo "parallel --pipepart's records differ" >&2; exit 1; }
cmp -s <(sort "$work/one.out") <(cat "$work/spark-out"/part-* | sort) || { echo "Spark's records differ" >&2; exit 1; }
echo "records: parallel byte-identical, Spark the same multiset as one process"
echo
printf '| way | seconds | MB/s | command |\n|---|---:|---:|---|\n'
for name in "one process, --jobs 2" "parallel -j2, --jobs 1" "parallel -j2 --pipepart, --jobs 1" "Spark local[2], 4 partitions"; do
  case "$name" in
    one*) command="$one" ;;
    "parallel -j2 --pipepart"*) command="parallel -j2 --pipepart -a users.ndjson --block 10M --keep-order 'sanitize filter --contract \"\$C\" --report-key /id --jobs 1 --report /dev/null'" ;;
    parallel*) command="$par" ;;
    *) command="python3 Examples/shards/spark_filter.py sanitize \$C users.ndjson out reports 'local[2]' 4 /id" ;;
  esac
  printf '| %s | %.2f | %.1f | `%s` |\n' "$name" "${best[$name]}" "$(echo "$bytes / 1000000 / ${best[$name]}" | bc -l)" "$command"
done
