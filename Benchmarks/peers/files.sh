#!/usr/bin/env bash
# Compares `sanitize check image` with peer tools on the same files, in one run:
#   - `file --mime-type` (libmagic: signature detection only, no structure),
#   - `pngcheck -q` on the PNGs (signature, chunks, CRCs, and it inflates the zlib data),
#   - `webpinfo -quiet` on the WebPs (RIFF chunks and bitstream headers),
#   - `identify -ping` (ImageMagick: reads headers to report size and format).
# The files are COPIES copies of every fixture in Tests/SanitizeKitTests/Fixtures/images
# (made by real encoders). Every tool gets its files through `xargs -n 256`, so each figure
# includes process start-up once per 256 files (and argument parsing: swift-argument-parser
# takes time quadratic in the argument count, which is why the batches are bounded).
# Figures are MB per CPU second (user + system, best of RUNS).
# Usage: Benchmarks/peers/files.sh      (COPIES=200, RUNS=3; needs file pngcheck webp imagemagick)
set -euo pipefail
cd "$(dirname "$0")/../.."

COPIES=${COPIES:-200}
RUNS=${RUNS:-3}
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

# Runs "$@" RUNS times; prints the best CPU seconds (user + system).
cpu() {
  local best=999999 t
  for _ in $(seq "$RUNS"); do
    t=$( { TIMEFORMAT='%U %S'; time "$@" > "$work/out" 2> /dev/null || true; } 2>&1 | awk '{ print $1 + $2 }')
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
png=$(bytes *.png)
webp=$(bytes *.webp)
ours_all=$(cpu batch "$sanitize check image" ./*)
grep -c "	valid$" "$work/out" > "$work/valid-count"
ours_png=$(cpu batch "$sanitize check image" ./*.png)
ours_webp=$(cpu batch "$sanitize check image" ./*.webp)

echo "$(ls | wc -l) files, $all bytes; sanitize says valid: $(cat "$work/valid-count")"
echo
echo "| peer (same files)                            | peer MB/s | ours MB/s | ours faster by |"
echo "| --- | ---: | ---: | ---: |"
row "file --mime-type (all, detection only)" "$all" "$(cpu batch "file --mime-type" ./*)" "$ours_all"
row "identify -ping (all, ImageMagick headers)" "$all" "$(cpu batch "identify -ping" ./*)" "$ours_all"
row "pngcheck -q (PNG)" "$png" "$(cpu batch "pngcheck -q" ./*.png)" "$ours_png"
row "webpinfo -quiet (WebP)" "$webp" "$(cpu batch "webpinfo -quiet" ./*.webp)" "$ours_webp"
