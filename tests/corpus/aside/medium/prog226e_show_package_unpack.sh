#!/usr/bin/env bash
# Fetch and unpack a fulldome show package from the distributor's asset site.
#
# Distributors deliver shows as .tar.gz packages (frame folders, audio stems,
# a show.json manifest). This downloads the package into ./incoming, checks
# its published SHA-256, unpacks it into ./shows/<title>/ and prints the
# manifest summary for the booth log.

set -euo pipefail

ASSET_BASE="${SHOW_ASSET_BASE:-https://assets.example.org/fulldome}"
INCOMING="./incoming"
SHOWS="./shows"
KEEP_ARCHIVE=0

log() { echo "$(date '+%F %T') unpack: $*" >&2; }
die() { log "$*"; exit 1; }

usage() {
    echo "usage: $0 [-k] SHOW_TITLE VERSION" >&2
    echo "  -k  keep the downloaded archive in $INCOMING" >&2
}

while getopts ":kh" opt; do
    case "$opt" in
        k) KEEP_ARCHIVE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || { usage; exit 64; }

TITLE="$1"
VERSION="$2"
[[ "$TITLE" =~ ^[a-z0-9_-]+$ ]] || die "title must be lowercase slug"
[[ "$VERSION" =~ ^[0-9]+(\.[0-9]+)*$ ]] || die "version must be numeric"

mkdir -p "$INCOMING" "$SHOWS"
ARCHIVE="$INCOMING/${TITLE}-${VERSION}.tar.gz"
URL="$ASSET_BASE/$TITLE/$VERSION/${TITLE}-${VERSION}.tar.gz"

if [[ ! -s "$ARCHIVE" ]]; then
    log "downloading $URL"
    curl -fL --retry 3 --connect-timeout 15 -o "$ARCHIVE.part" "$URL" || die "download failed"
    mv "$ARCHIVE.part" "$ARCHIVE"
else
    log "using cached $ARCHIVE"
fi

EXPECTED="$(curl -fsS --max-time 15 "$URL.sha256" | awk '{print $1}')" || die "no checksum published"
ACTUAL="$(sha256sum "$ARCHIVE" | awk '{print $1}')"
if [[ "$EXPECTED" != "$ACTUAL" ]]; then
    rm -f "$ARCHIVE"
    die "checksum mismatch (expected $EXPECTED, got $ACTUAL)"
fi
log "checksum ok"

DEST="$SHOWS/$TITLE"
if [[ -d "$DEST" ]]; then
    log "replacing previous unpack of $TITLE"
    rm -rf "$DEST"
fi
mkdir -p "$DEST"

SUMMARY="$(PKG_ARCHIVE="$ARCHIVE" PKG_DEST="$DEST" python3 - <<'PYEOF'
import json, os, sys, tarfile

archive = os.environ["PKG_ARCHIVE"]
dest = os.environ["PKG_DEST"]
with tarfile.open(archive, "r:gz") as tf:
    members = tf.getmembers()
    tf.extractall(dest)

frames = sum(1 for m in members if m.isfile() and m.name.lower().endswith((".png", ".exr", ".jpg")))
audio = sum(1 for m in members if m.isfile() and m.name.lower().endswith((".wav", ".flac")))
manifest = {}
for root, _dirs, files in os.walk(dest):
    if "show.json" in files:
        with open(os.path.join(root, "show.json")) as fh:
            manifest = json.load(fh)
        break
print(json.dumps({
    "title": manifest.get("title", "?"),
    "runtime_s": manifest.get("runtime", 0),
    "resolution": manifest.get("resolution", "?"),
    "frames": frames,
    "audio_stems": audio,
    "entries": len(members),
}))
PYEOF
)" || die "unpack failed"

log "unpacked into $DEST"
printf '%s\n' "$SUMMARY" | python3 -c '
import json, sys
s = json.load(sys.stdin)
print("{title}: {runtime_s}s @ {resolution}, {frames} frames, "
      "{audio_stems} audio stems ({entries} entries)".format(**s))
'
printf '%s\t%s\t%s\n' "$(date +%F)" "$TITLE" "$VERSION" >> "$SHOWS/installed.tsv"

if [[ $KEEP_ARCHIVE -eq 0 ]]; then
    rm -f "$ARCHIVE"
fi
