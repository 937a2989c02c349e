#!/bin/sh
# Sync the home-exercise library used by the exercise sheet generator.
#
# The physio association publishes a versioned catalogue of exercises
# (one JSON bundle per release). We mirror the current release into ./data/exlib
# so sheets can be generated offline in the treatment rooms.
#
#   ./prog107b_exercise_library_sync.sh            # sync to latest
#   ./prog107b_exercise_library_sync.sh -r 2024.3  # pin a release
#   EXLIB_MIRROR=https://... ./prog107b_exercise_library_sync.sh

set -eu

EXLIB_MIRROR="${EXLIB_MIRROR:-https://library.physio-exercises.org/releases}"
DEST="${DEST:-./data/exlib}"
STAGE="./.exlib-download"
RELEASE=""
FORCE=0

log() { printf '[exlib] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "r:d:fh" opt; do
  case "$opt" in
    r) RELEASE="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    f) FORCE=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 64 ;;
  esac
done

for tool in curl sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
done

fetch() {
  # fetch URL OUTFILE, with retries; plain GET
  url="$1"; out="$2"; n=0
  until curl -fsSL --connect-timeout 10 --max-time 300 -o "$out" "$url"; do
    n=$((n + 1))
    [ "$n" -ge 3 ] && return 1
    log "retrying $url ($n)"
    sleep $((n * 5))
  done
}

json_field() {
  # minimal extractor for flat "key": "value" pairs in the release manifest
  sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" "$2" | head -n1
}

mkdir -p "$STAGE" "$DEST"
trap 'rm -rf "$STAGE"' EXIT

if [ -z "$RELEASE" ]; then
  fetch "$EXLIB_MIRROR/latest.json" "$STAGE/latest.json" || die "cannot reach $EXLIB_MIRROR"
  RELEASE=$(json_field release "$STAGE/latest.json")
  [ -n "$RELEASE" ] || die "manifest has no release field"
fi

CURRENT=""
[ -f "$DEST/RELEASE" ] && CURRENT=$(cat "$DEST/RELEASE")
if [ "$CURRENT" = "$RELEASE" ] && [ "$FORCE" -eq 0 ]; then
  log "already at $RELEASE"
  exit 0
fi

log "downloading release $RELEASE"
fetch "$EXLIB_MIRROR/$RELEASE/manifest.json" "$STAGE/manifest.json" || die "no manifest for $RELEASE"
ARCHIVE=$(json_field archive "$STAGE/manifest.json")
SUM=$(json_field sha256 "$STAGE/manifest.json")
[ -n "$ARCHIVE" ] && [ -n "$SUM" ] || die "manifest incomplete"

fetch "$EXLIB_MIRROR/$RELEASE/$ARCHIVE" "$STAGE/$ARCHIVE" || die "download failed"
echo "$SUM  $STAGE/$ARCHIVE" | sha256sum -c --status || die "checksum mismatch for $ARCHIVE"

log "installing into $DEST"
rm -rf "$DEST.new"
mkdir -p "$DEST.new"
cp "$STAGE/$ARCHIVE" "$DEST.new/exercises.json"
cp "$STAGE/manifest.json" "$DEST.new/manifest.json"
echo "$RELEASE" > "$DEST.new/RELEASE"

rm -rf "$DEST.old"
[ -d "$DEST" ] && mv "$DEST" "$DEST.old"
mv "$DEST.new" "$DEST"
rm -rf "$DEST.old"

COUNT=$(grep -c '"exercise_id"' "$DEST/exercises.json" || true)
log "exercise library now at $RELEASE ($COUNT exercises)"
