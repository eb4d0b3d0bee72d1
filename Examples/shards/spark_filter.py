"""`sanitize filter` as a stage of an Apache Spark job: RDD.pipe, one filter per partition.

Usage:
    python3 Examples/shards/spark_filter.py SANITIZE CONTRACT INPUT OUTPUT_DIR REPORT_DIR \
        [MASTER (default local[2])] [PARTITIONS (default 4)] [KEY_POINTER (default /id)]

Writes the valid, sanitized records to OUTPUT_DIR (Spark's part-NNNNN files), and into
REPORT_DIR one report file (`part-XXXXXX.report.ndjson`, violations with "key") and one
`--stats` line (`part-XXXXXX.stats.ndjson`) per partition. Merge the stats with
`cat REPORT_DIR/*.stats.ndjson | jq -cs -f Examples/shards/merge-stats.jq`.

Each partition's filter numbers its lines from 1 and knows nothing of the others, so its report
lines are joined to records by "key", not by line number. Exit status 1 ("some record was
invalid") is not a failure of the task; any other status (2: a bad contract, an unreadable
file) fails it, through `checkCode=True`.
"""

import os
import shlex
import sys

from pyspark import SparkConf, SparkContext


def filter_command(sanitize: str, contract: str, report_dir: str, key_pointer: str) -> str:
    """The command RDD.pipe starts for each partition (split by shlex, run without a shell)."""
    script = (
        'r=$(mktemp "$3/part-XXXXXX") || exit 2; '
        '"$0" filter --contract "$1" --report-key "$2" --jobs 1 '
        '--report "$r.report.ndjson" --stats 2>"$r.stats.ndjson"; s=$?; rm -f "$r"; '
        '[ $s -le 1 ] || { cat "$r.stats.ndjson" >&2; exit $s; }'
    )
    return " ".join(shlex.quote(word) for word in ["sh", "-c", script, sanitize, contract, key_pointer, report_dir])


def main() -> None:
    sanitize, contract, input_path, output_dir, report_dir = sys.argv[1:6]
    master = sys.argv[6] if len(sys.argv) > 6 else "local[2]"
    partitions = int(sys.argv[7]) if len(sys.argv) > 7 else 4
    key_pointer = sys.argv[8] if len(sys.argv) > 8 else "/id"
    os.makedirs(report_dir, exist_ok=True)
    conf = SparkConf().setMaster(master).setAppName("sanitize-filter").set("spark.ui.enabled", "false")
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        records = context.textFile(input_path, minPartitions=partitions)
        command = filter_command(os.path.abspath(sanitize), os.path.abspath(contract), os.path.abspath(report_dir), key_pointer)
        # RDD.pipe starts the command with exactly `env` as its environment.
        sanitized = records.pipe(command, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, checkCode=True)
        sanitized.saveAsTextFile(output_dir)
    finally:
        context.stop()


if __name__ == "__main__":
    main()
