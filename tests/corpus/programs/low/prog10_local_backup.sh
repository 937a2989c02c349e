#!/bin/bash
# Nightly local backup of the user's documents to an external disk, keeping
# the last seven archives.
set -euo pipefail

DEST=${BACKUP_DEST:-/media/$USER/backup}
KEEP=7
STAMP=$(date +%Y%m%d-%H%M)
HOST=$(hostname -s)

if [ ! -d "$DEST" ]; then
    echo "backup disk not mounted at $DEST" >&2
    exit 1
fi

archive="$DEST/$HOST-docs-$STAMP.tar.gz"
echo "writing $archive"
tar czf "$archive" -C "$HOME" Documents Pictures .config/myapp

# keep only the newest $KEEP archives
ls -1t "$DEST"/"$HOST"-docs-*.tar.gz | tail -n +$((KEEP + 1)) | while read -r old; do
    echo "removing $old"
    rm -f -- "$old"
done

du -sh "$archive"
