#!/bin/sh
# Back up the harbour master's electronic logbook folder.
# Makes a dated, checksummed archive next to the logbook and keeps the
# most recent archives; the logbook itself is left untouched.

set -eu

LOGBOOK_DIR="${LOGBOOK_DIR:-./logbook}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP_BACKUPS:-10}"
STAMP=$(date +%Y%m%d_%H%M%S)
ARCHIVE="$BACKUP_DIR/logbook_$STAMP.tar.gz"

msg() { printf '[backup] %s\n' "$*"; }

usage() {
    echo "usage: $0 [-k KEEP] [-v]" >&2
    exit 2
}

VERIFY=0
while getopts "k:vh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        v) VERIFY=1 ;;
        *) usage ;;
    esac
done

if [ ! -d "$LOGBOOK_DIR" ]; then
    msg "logbook folder $LOGBOOK_DIR not found"
    exit 1
fi

mkdir -p "$BACKUP_DIR"

make_archive() {
    files=$(find "$LOGBOOK_DIR" -type f | wc -l)
    msg "archiving $files files from $LOGBOOK_DIR"
    tar -czf "$ARCHIVE" -C "$(dirname "$LOGBOOK_DIR")" "$(basename "$LOGBOOK_DIR")"
    (cd "$BACKUP_DIR" && sha256sum "$(basename "$ARCHIVE")" > "$(basename "$ARCHIVE").sha256")
    chmod 600 "$ARCHIVE" "$ARCHIVE.sha256"
    msg "wrote $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
}

verify_archive() {
    (cd "$BACKUP_DIR" && sha256sum -c "$(basename "$ARCHIVE").sha256" >/dev/null)
    listed=$(tar -tzf "$ARCHIVE" | grep -vc '/$' || true)
    msg "verified checksum; archive lists $listed files"
}

prune_old() {
    count=0
    for f in $(ls -1t "$BACKUP_DIR"/logbook_*.tar.gz 2>/dev/null); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            rm -f "$f" "$f.sha256"
            msg "pruned old archive $(basename "$f")"
        fi
    done
}

make_archive
if [ "$VERIFY" -eq 1 ]; then
    verify_archive
fi
prune_old
msg "done; $(ls -1 "$BACKUP_DIR"/logbook_*.tar.gz | wc -l) archives kept"
