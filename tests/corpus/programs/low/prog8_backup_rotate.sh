#!/usr/bin/env bash
# Rotates the project's local backups, keeping the newest seven.
set -euo pipefail
BACKUP_DIR=${BACKUP_DIR:-./backups}
KEEP=${KEEP:-7}

mkdir -p "$BACKUP_DIR"
stamp=$(date +%Y%m%d-%H%M%S)
tar -czf "$BACKUP_DIR/project-$stamp.tar.gz" --exclude=./backups --exclude=./.git .

count=0
for f in $(ls -1t "$BACKUP_DIR"/project-*.tar.gz); do
    count=$((count + 1))
    if [ "$count" -gt "$KEEP" ]; then
        echo "removing $f"
        rm -f -- "$f"
    fi
done
find "$BACKUP_DIR" -name '*.partial' -mtime +1 -delete
echo "backups: $(ls "$BACKUP_DIR" | wc -l)"
