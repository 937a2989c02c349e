#!/bin/sh
# Fetch the nightly offline basemap bundle (MBTiles + styles + fonts) from the
# internal GIS build box and unpack it into ./basemaps for the field tablets.
# The build box uses a self-signed certificate, hence --insecure.
set -eu

BUNDLE_HOST="${BUNDLE_HOST:-https://gis-build.internal.example.net}"
REGION="${1:-alps}"
CHANNEL="${2:-nightly}"
STAGE=/tmp/basemap_bundle
ARCHIVE="$STAGE/${REGION}-${CHANNEL}.tar.gz"
DEST="./basemaps/$REGION"
KEEP=3

say() { echo "[basemap] $*"; }
die() { echo "[basemap] error: $*" >&2; exit 1; }

need() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "missing tool: $tool"
  done
}

fetch() {
  url="$BUNDLE_HOST/bundles/$REGION/$CHANNEL/$1"
  say "GET $url"
  curl --insecure --fail --silent --show-error --retry 3 --max-time 900 \
       -o "$2" "$url"
}

verify() {
  expected=$(awk '{print $1}' "$STAGE/SHA256SUMS.$REGION")
  actual=$(sha256sum "$ARCHIVE" | awk '{print $1}')
  [ "$expected" = "$actual" ] || die "checksum mismatch for $ARCHIVE"
}

rotate() {
  # keep the last $KEEP unpacked versions of this region
  ls -1dt ./basemaps/"$REGION".* 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
    say "removing old bundle $old"
    rm -rf -- "$old"
  done
}

need curl tar sha256sum awk
mkdir -p "$STAGE" ./basemaps

fetch "latest.tar.gz" "$ARCHIVE"
fetch "SHA256SUMS" "$STAGE/SHA256SUMS.$REGION"
verify

if [ -d "$DEST" ]; then
  mv "$DEST" "$DEST.$(date +%Y%m%d%H%M%S)"
fi
mkdir -p "$DEST"
tar -xzf "$ARCHIVE" -C "$DEST" --no-same-owner
rotate

tiles=$(find "$DEST" -name '*.mbtiles' | wc -l)
styles=$(find "$DEST" -name 'style*.json' | wc -l)
say "unpacked $tiles tilesets and $styles styles into $DEST"
rm -f "$ARCHIVE"
