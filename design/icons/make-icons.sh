#!/usr/bin/env bash
# Renders the PWA icons in public/icons from the SVGs here (needs rsvg-convert: Debian librsvg2-bin).
# Maskable icons keep the artwork inside the 80% safe zone on a full-bleed background.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../public/icons"
mkdir -p "$out"
for v in plus scribe; do
  rsvg-convert -w 192 -h 192 "$here/$v.svg" -o "$out/$v-192.png"
  rsvg-convert -w 512 -h 512 "$here/$v.svg" -o "$out/$v-512.png"
  bg=$(grep -o 'fill="#[0-9a-f]*"' "$here/$v.svg" | head -1 | cut -d'"' -f2)
  sed -e "s|<svg [^>]*>|&<rect width=\"512\" height=\"512\" fill=\"$bg\"/><g transform=\"translate(51.2 51.2) scale(0.8)\">|" -e 's|</svg>|</g></svg>|' "$here/$v.svg" > "/tmp/$v-maskable.svg"
  rsvg-convert -w 512 -h 512 "/tmp/$v-maskable.svg" -o "$out/$v-maskable-512.png"
done
