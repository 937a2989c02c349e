#!/usr/bin/env bash
# Copy a memory card into the working shoot folder, one dated folder per
# card, and verify every file against the card before it is reused.
set -euo pipefail

CARD="${1:-}"
SHOOT="${2:-$(date +%Y-%m-%d)_wedding}"
SHOOTER="${SHOOTER:-lead}"

if [[ -z "$CARD" ]]; then
    CARD=$(find "/media/${USER}" -maxdepth 1 -mindepth 1 -type d | head -n 1 || true)
fi
if [[ -z "$CARD" || ! -d "$CARD/DCIM" ]]; then
    echo "usage: $0 /media/\$USER/CARD [shoot_folder]" >&2
    echo "no camera card with a DCIM folder found" >&2
    exit 1
fi

DEST="./${SHOOT}/raw/${SHOOTER}_$(basename "$CARD")"
MANIFEST="${DEST}/.ingest.sha256"
mkdir -p "$DEST"

echo "card:        $CARD"
echo "destination: $DEST"

total=$(find "$CARD/DCIM" -type f | wc -l)
echo "copying $total files"

rsync -a --info=progress2 --exclude '.Trashes' --exclude '*.THM' "$CARD/DCIM/" "$DEST/"

echo "verifying"
( cd "$CARD/DCIM" && find . -type f ! -name '*.THM' -print0 | sort -z | xargs -0 sha256sum ) > "$MANIFEST"
if ( cd "$DEST" && sha256sum --quiet -c ".ingest.sha256" ); then
    echo "all files verified"
else
    echo "VERIFY FAILED: do not format this card" >&2
    exit 2
fi

copied=$(find "$DEST" -type f ! -name '.ingest.sha256' | wc -l)
size=$(du -sh "$DEST" | cut -f1)
echo "$copied files ($size) in $DEST"

# tidy up our own leftovers from earlier runs
find "./${SHOOT}" -name '.ingest.partial' -delete
echo "$(date '+%F %T') $CARD -> $DEST ($copied files)" >> "./${SHOOT}/ingest.log"
echo "card is safe to reformat in camera"
