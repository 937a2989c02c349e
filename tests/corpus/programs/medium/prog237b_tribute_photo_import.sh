#!/usr/bin/env bash
# Import a family's tribute photo bundle for the memorial slideshow.
# Families upload a .tar.gz of photos through the website; the arranger
# downloads it (or gets it on a USB stick) and runs this to unpack the
# pictures into the case's slideshow folder with a playlist file.

set -euo pipefail

STAGE="/tmp/fh_tribute_import"
DEST_ROOT="${FH_SLIDESHOW_ROOT:-./slideshows}"
UPLOAD_BASE="${FH_UPLOAD_BASE:-https://uploads.example.com/tributes}"

log() { echo "[tribute] $*" >&2; }

usage() {
    echo "usage: $0 CASE_NO (BUNDLE.tar.gz | --fetch TOKEN)"
    exit 64
}

[[ $# -ge 2 ]] || usage
CASE_NO="$1"; shift
if [[ ! "$CASE_NO" =~ ^[0-9]{4}-[0-9]{3,5}$ ]]; then
    log "case number should look like 2024-0153"
    exit 2
fi

rm -rf "$STAGE"
mkdir -p "$STAGE"
BUNDLE="$STAGE/bundle.tar.gz"

if [[ "$1" == "--fetch" ]]; then
    [[ $# -eq 2 ]] || usage
    log "downloading bundle $2"
    curl -fsS --max-time 120 -o "$BUNDLE" "${UPLOAD_BASE}/$2.tar.gz"
else
    cp -- "$1" "$BUNDLE"
fi

# Unpack with python's tarfile (handles the odd archives some phones make).
COUNT="$(BUNDLE="$BUNDLE" STAGE="$STAGE" python3 -c '
import os, sys, tarfile
bundle = os.environ["BUNDLE"]
out = os.path.join(os.environ["STAGE"], "unpacked")
os.makedirs(out, exist_ok=True)
try:
    with tarfile.open(bundle, "r:*") as tf:
        members = tf.getmembers()
        tf.extractall(out)
except tarfile.TarError as exc:
    print(f"bad archive: {exc}", file=sys.stderr)
    sys.exit(1)
print(len(members))
')"
log "unpacked $COUNT entries"

DEST="$DEST_ROOT/$CASE_NO"
mkdir -p "$DEST"

n=0
while IFS= read -r -d '' img; do
    n=$((n + 1))
    ext="${img##*.}"
    ext="${ext,,}"
    printf -v target '%s/%03d.%s' "$DEST" "$n" "$ext"
    cp -- "$img" "$target"
done < <(find "$STAGE/unpacked" -type f \
            \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.heic' \) \
            -print0 | sort -z)

if (( n == 0 )); then
    log "no photos found in the bundle"
    rm -rf "$STAGE"
    exit 3
fi

# Playlist for the slideshow player: one file per line, 8 seconds each.
DEST="$DEST" SECONDS_PER="${FH_SLIDE_SECONDS:-8}" python3 - <<'PY'
import json, os
dest = os.environ["DEST"]
per = int(os.environ["SECONDS_PER"])
files = sorted(f for f in os.listdir(dest) if f[0].isdigit())
playlist = [{"file": f, "seconds": per} for f in files]
with open(os.path.join(dest, "playlist.json"), "w") as fh:
    json.dump(playlist, fh, indent=1)
print(f"playlist: {len(files)} slides, {len(files) * per // 60} min {len(files) * per % 60} s")
PY

rm -rf "$STAGE"
log "imported $n photos into $DEST"
