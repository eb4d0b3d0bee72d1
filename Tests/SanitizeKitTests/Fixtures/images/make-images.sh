#!/usr/bin/env bash
# Regenerates the image fixtures with real encoders, then checks each with its format's own
# decoder or checker. Run from anywhere; writes next to this script.
#
# Needs (Debian): imagemagick libjpeg-turbo-progs webp pngcheck qpdf file python3-pil
#   (or `pip install Pillow`). The tests do not need the encoders: the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# One deterministic source picture: a seeded plasma, 96x64, and a smaller one for animations.
convert -size 96x64 -seed 7 plasma:fractal "$scratch/source.ppm"
convert -size 32x24 -seed 11 plasma:fractal "$scratch/small.ppm"

# JPEG: libjpeg-turbo's cjpeg (baseline, progressive, restart markers every MCU row, grey),
# Pillow for EXIF and ICC segments (APP1 and APP2), jpegtran for arithmetic coding (SOF9, DAC).
cjpeg -quality 85 -outfile baseline.jpg "$scratch/source.ppm"
cjpeg -quality 85 -progressive -outfile progressive.jpg "$scratch/source.ppm"
cjpeg -quality 85 -restart 1 -outfile restart.jpg "$scratch/source.ppm"
cjpeg -quality 70 -grayscale -outfile grayscale.jpg "$scratch/source.ppm"
jpegtran -arithmetic -outfile arithmetic.jpg baseline.jpg
python3 - "$scratch/source.ppm" <<'PY'
import sys
from PIL import Image, ImageCms
image = Image.open(sys.argv[1])
exif = Image.Exif()
exif[0x010F] = "swift-sanitize fixtures"   # Make
exif[0x0132] = "2026:11:22 00:00:00"       # DateTime
icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
image.save("exif-icc.jpg", quality=80, exif=exif.tobytes(), icc_profile=icc)
PY

# PNG: ImageMagick (truecolour, Adam7 interlaced, palette, 16-bit grey), Pillow (with alpha,
# and an APNG animation: acTL, fcTL, fdAT).
convert "$scratch/source.ppm" -strip png24:truecolor.png
convert "$scratch/source.ppm" -strip -interlace PNG png24:interlaced.png
convert "$scratch/source.ppm" -strip -colors 16 png8:palette.png
convert "$scratch/small.ppm" -strip -colorspace Gray -depth 16 gray16.png
python3 - "$scratch/source.ppm" <<'PY'
import sys
from PIL import Image
image = Image.open(sys.argv[1]).convert("RGBA")
image.putalpha(Image.linear_gradient("L").resize(image.size))
image.save("alpha.png", optimize=True)
PY
python3 - "$scratch/small.ppm" <<'PY'
import sys
from PIL import Image
first = Image.open(sys.argv[1])
first.save("animated.png", save_all=True, append_images=[first.transpose(Image.FLIP_TOP_BOTTOM)], duration=100, loop=0)
PY

# GIF: ImageMagick (still, and a 4-frame loop with graphic control extensions), Pillow (a
# plain GIF87a).
convert "$scratch/source.ppm" -colors 64 still.gif
convert -delay 10 -loop 0 "$scratch/small.ppm" \( "$scratch/small.ppm" -rotate 90 -resize 32x24! \) \
  \( "$scratch/small.ppm" -flip \) \( "$scratch/small.ppm" -flop \) -colors 32 animated.gif
python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).convert("P").save("gif87a.gif")' "$scratch/small.ppm"

# WebP: libwebp's cwebp (lossy VP8, lossless VP8L, lossy with alpha: VP8X + ALPH) and
# img2webp (an animation: VP8X + ANIM + ANMF frames).
cwebp -quiet -q 75 "$scratch/source.ppm" -o lossy.webp
cwebp -quiet -lossless "$scratch/source.ppm" -o lossless.webp
cwebp -quiet -q 75 -exact alpha.png -o alpha.webp
convert "$scratch/small.ppm" "$scratch/frame1.png"
convert "$scratch/small.ppm" -flip "$scratch/frame2.png"
img2webp -q 60 -d 100 "$scratch/frame1.png" "$scratch/frame2.png" -o animated.webp 2>/dev/null

# PDF: Pillow (one image page; and a second page appended as an incremental update, so two
# %%EOF), and qpdf's linearized rewrite of the first.
python3 - "$scratch/small.ppm" <<'PY'
import sys
from PIL import Image
image = Image.open(sys.argv[1])
image.save("document.pdf", resolution=72)
image.save("incremental.pdf", resolution=72)
image.transpose(Image.FLIP_TOP_BOTTOM).save("incremental.pdf", resolution=72, append=True)
PY
qpdf --linearize document.pdf linearized.pdf

# Each file must pass its own format's decoder or checker.
for f in *.jpg; do djpeg -outfile /dev/null "$f"; done
pngcheck -q *.png
for f in *.webp; do
  if [ "$f" = animated.webp ]; then webpmux -info "$f" >/dev/null; else dwebp -quiet "$f" -o /dev/null; fi
done
python3 -c 'import sys; from PIL import Image; [Image.open(f).verify() for f in sys.argv[1:]]' *.gif
for f in *.pdf; do qpdf --check "$f" >/dev/null; done
[ "$(grep -c '%%EOF' incremental.pdf)" -eq 2 ]
file --mime-type *.jpg *.png *.gif *.webp *.pdf
ls -l *.jpg *.png *.gif *.webp *.pdf
