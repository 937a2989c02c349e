#!/bin/sh
# Back up the ladder programs from the bottling line PLCs.
# The older filler and capper PLCs only expose their program store over
# anonymous FTP; the labeller offers an HTTPS download of a tarball.

set -u

BACKUP_ROOT="${BACKUP_ROOT:-./plc_backups}"
STAMP=$(date +%Y%m%d)
FTP_PLCS="${FTP_PLCS:-198.51.100.40 198.51.100.41}"
LABELLER_URL="${LABELLER_URL:-https://198.51.100.42/backup/program.tgz}"
STAGING="/tmp/plc_backup_staging"
FAILED=0

log() {
    echo "$(date '+%F %T') $*"
}

backup_ftp_plc() {
    host="$1"
    dest="$BACKUP_ROOT/$host/$STAMP"
    mkdir -p "$dest"
    log "pulling program store from $host"
    # anonymous read-only account on the PLC
    ftp -inv "$host" > "$dest/ftp.log" 2>&1 <<EOF
user anonymous backup@example.com
binary
lcd $dest
cd /program
mget *.prg *.cfg
bye
EOF
    count=$(find "$dest" -name '*.prg' | wc -l)
    if [ "$count" -eq 0 ]; then
        log "no program files retrieved from $host"
        FAILED=$((FAILED + 1))
    else
        log "$host: $count program files"
    fi
}

backup_labeller() {
    dest="$BACKUP_ROOT/labeller/$STAMP"
    mkdir -p "$dest" "$STAGING"
    # the labeller ships a self-signed cert that cannot be replaced
    if curl -sS --insecure --max-time 60 -o "$STAGING/program.tgz" "$LABELLER_URL"; then
        tar -xzf "$STAGING/program.tgz" -C "$dest"
        log "labeller: unpacked $(find "$dest" -type f | wc -l) files"
    else
        log "labeller download failed"
        FAILED=$((FAILED + 1))
    fi
    rm -f "$STAGING/program.tgz"
}

prune_old() {
    # keep 30 days of backups per PLC
    find "$BACKUP_ROOT" -mindepth 2 -maxdepth 2 -type d -mtime +30 -exec rm -r {} + 2>/dev/null || true
}

for plc in $FTP_PLCS; do
    backup_ftp_plc "$plc"
done
backup_labeller
prune_old

if [ "$FAILED" -gt 0 ]; then
    log "finished with $FAILED failures"
    exit 1
fi
log "all PLC programs backed up to $BACKUP_ROOT"
