#!/usr/bin/env bash
# Nightly backup of the front-desk booking database and room configs.
#
# Packs ./data (bookings.sqlite, room configs, waiver PDFs) into a tarball,
# uploads it to the venue's backup service, and keeps the last few copies
# locally in ./backups.
#
# Env:
#   BACKUP_URL    upload endpoint (default https://backup.example.com/upload)
#   BACKUP_TOKEN  token for that endpoint
#   KEEP_LOCAL    how many local copies to keep (default 7)

set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.com/upload}"
KEEP_LOCAL="${KEEP_LOCAL:-7}"
DATA_DIR="./data"
LOCAL_DIR="./backups"
STAMP="$(date +%Y%m%d-%H%M)"
# staging area; fixed name so the status page can show the last bundle size
STAGE="/tmp/escape_backup.tar.gz"
STATUS="/tmp/escape_backup.status"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOCAL_DIR/backup.log"; }

snapshot_db() {
    # consistent copy of the live sqlite file
    if command -v sqlite3 >/dev/null; then
        sqlite3 "$DATA_DIR/bookings.sqlite" ".backup '$DATA_DIR/bookings.snapshot.sqlite'"
    else
        cp "$DATA_DIR/bookings.sqlite" "$DATA_DIR/bookings.snapshot.sqlite"
    fi
}

pack() {
    tar -czf "$STAGE" -C "$DATA_DIR" \
        --exclude='bookings.sqlite' --exclude='*.tmp' . || return 1
    chmod 644 "$STAGE"
    log "packed $(du -h "$STAGE" | cut -f1)"
}

upload() {
    if [ -z "${BACKUP_TOKEN:-}" ]; then
        log "BACKUP_TOKEN not set, skipping upload"
        return 0
    fi
    # backup box still has the self-signed cert from the installer
    local code
    code=$(curl -sS -k -o /dev/null -w '%{http_code}' \
        -H "Authorization: Bearer ${BACKUP_TOKEN}" \
        -F "site=$(hostname)" -F "file=@${STAGE}" \
        --max-time 300 "$BACKUP_URL")
    if [ "$code" != "200" ] && [ "$code" != "201" ]; then
        log "upload failed with HTTP $code"
        return 1
    fi
    log "uploaded to $BACKUP_URL"
}

keep_local() {
    mkdir -p "$LOCAL_DIR"
    cp "$STAGE" "$LOCAL_DIR/backup-$STAMP.tar.gz"
    ls -1t "$LOCAL_DIR"/backup-*.tar.gz 2>/dev/null | tail -n +"$((KEEP_LOCAL + 1))" | while read -r old; do
        rm -f "$old"
        log "pruned $old"
    done
}

write_status() {
    printf 'last=%s size=%s result=%s\n' "$STAMP" "$(stat -c %s "$STAGE" 2>/dev/null || echo 0)" "$1" > "$STATUS"
}

main() {
    mkdir -p "$LOCAL_DIR"
    [ -d "$DATA_DIR" ] || { echo "no $DATA_DIR here" >&2; exit 1; }
    snapshot_db
    if ! pack; then
        log "tar failed"
        write_status fail
        exit 1
    fi
    keep_local
    if upload; then
        write_status ok
    else
        write_status upload-failed
    fi
    rm -f "$DATA_DIR/bookings.snapshot.sqlite"
}

main "$@"
