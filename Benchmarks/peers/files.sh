#!/usr/bin/env bash
# Compares `sanitize check image` with peer tools on the same files, in one run:
#   - `file --mime-type` (libmagic: signature detection only, no structure),
#   - `pngcheck -q` on the PNGs (signature, chunks, CRCs, and it inflates the zlib data),
#   - `webpinfo -quiet` on the WebPs (RIFF chunks and bitstream headers),
#   - `identify -ping` (ImageMagick: reads headers to report size and format) on all but the
#     PDFs, which Debian's ImageMagick policy refuses to open.
# The files are COPIES copies of every fixture in Tests/SanitizeKitTests/Fixtures/images
# (made by real encoders). Every tool gets its files through `xargs -n 256`, so each figure
# includes process start-up once per 256 files (and argument parsing: swift-argument-parser
# takes time quadratic in the argument count, which is why the batches are bounded).
# Figures are MB per CPU second (user + system, best of RUNS).
# A tool that fails on any file stops the script: a tool that did nothing would look fast.
# Usage: Benchmarks/peers/files.sh      (COPIES=200, RUNS=3; installs file, pngcheck, webp, imagemagick)
set -euo pipefail
cd "$(dirname "$0")/../.."
COPIES=${COPIES:-200}
RUNS=${RUNS:-3}
. Benchmarks/peers/settings.sh
require_number COPIES "$COPIES" 1
require_number RUNS "$RUNS" 1
scripts/install-deps file pngcheck webp imagemagick >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sanitize=$(scripts/build-cli 2> "$work/build.log") || { cat "$work/build.log"; exit 2; }
mkdir "$work/files"
for i in $(seq "$COPIES"); do
  for f in Tests/SanitizeKitTests/Fixtures/images/*.{jpg,png,gif,webp,pdf}; do
    cp "$f" "$work/files/$i-$(basename "$f")"
  done
done
cd "$work/files"

# Runs "$@" RUNS times; prints the best CPU seconds (user + system). `allowed` is the exit
# status that counts as success (0, or 1 for `sanitize check image`, which exits 1 when a file
# is refused); anything else stops the script with the tool's messages.
cpu() {
  local allowed="$1"; shift
  local best=999999 t status
  for _ in $(seq "$RUNS"); do
    t=$( { TIMEFORMAT='%U %S'; time "$@" > "$work/out" 2> "$work/err"; } 2>&1 | awk '{ print $1 + $2 }') && status=0 || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne "$allowed" ]; then
      echo "files.sh: '$*' failed (exit $status):" >&2; head -5 "$work/err" >&2; exit 1
    fi
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
  done
  echo "$best"
}
bytes() { cat "$@" | wc -c; }
batch() { printf '%s\0' "${@:2}" | xargs -0 -n 256 $1; }  # batch "command words" files...
row() {  # name, bytes, seconds, our seconds on the same files
  awk -v n="$1" -v b="$2" -v s="$3" -v o="$4" 'BEGIN {
    s = (s < 0.001 ? 0.001 : s); o = (o < 0.001 ? 0.001 : o)
    printf "| %-44s | %8.1f | %9.1f | %6.1fx |\n", n, b / s / 1e6, b / o / 1e6, s / o }'
}

all=$(bytes *)
pictures=$(bytes ./*.{jpg,png,gif,webp})
png=$(bytes *.png)
webp=$(bytes *.webp)
ours_all=$(cpu 1 batch "$sanitize check image" ./*)
grep -c "	valid$" "$work/out" > "$work/valid-count"
ours_pictures=$(cpu 1 batch "$sanitize check image" ./*.{jpg,png,gif,webp})
ours_png=$(cpu 1 batch "$sanitize check image" ./*.png)
ours_webp=$(cpu 1 batch "$sanitize check image" ./*.webp)
# Each peer into a variable first: a failure inside "$(…)" as an argument would not stop the script.
file_all=$(cpu 0 batch "file --mime-type" ./*)
identify_pictures=$(cpu 0 batch "identify -ping" ./*.{jpg,png,gif,webp})
pngcheck_png=$(cpu 0 batch "pngcheck -q" ./*.png)
webpinfo_webp=$(cpu 0 batch "webpinfo -quiet" ./*.webp)

echo "$(ls | wc -l) files, $all bytes; sanitize says valid: $(cat "$work/valid-count")"
echo
echo "| peer (same files)                            | peer MB/s | ours MB/s | ours faster by |"
echo "| --- | ---: | ---: | ---: |"
row "file --mime-type (all, detection only)" "$all" "$file_all" "$ours_all"
row "identify -ping (all but PDF, ImageMagick)" "$pictures" "$identify_pictures" "$ours_pictures"
row "pngcheck -q (PNG)" "$png" "$pngcheck_png" "$ours_png"
row "webpinfo -quiet (WebP)" "$webp" "$webpinfo_webp" "$ours_webp"
