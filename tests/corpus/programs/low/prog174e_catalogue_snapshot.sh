#!/usr/bin/env bash
# Snapshot the working catalogue folder before the monthly repricing run.
# Keeps the last N snapshots in ./snapshots with checksums and trims the
# script's own old logs in ./logs.
set -euo pipefail

CATALOGUE_DIR="${CATALOGUE_DIR:-./catalogue}"
SNAP_DIR="${SNAP_DIR:-./snapshots}"
LOG_DIR="${LOG_DIR:-./logs}"
KEEP="${KEEP:-6}"
LOG_KEEP_DAYS="${LOG_KEEP_DAYS:-30}"
SHOP_URL="${SHOP_URL:-https://shop.pennyblack-stamps.example.com/health}"

stamp="$(date +%Y%m%d-%H%M%S)"
log_file="$LOG_DIR/snapshot-$stamp.log"

mkdir -p "$SNAP_DIR" "$LOG_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$log_file"; }

count_items() {
    find "$CATALOGUE_DIR" -type f | wc -l
}

make_archive() {
    local name="$SNAP_DIR/catalogue-$stamp.tar.gz"
    tar -czf "$name" -C "$(dirname "$CATALOGUE_DIR")" "$(basename "$CATALOGUE_DIR")"
    echo "$name"
}

checksum() {
    local file="$1"
    ( cd "$(dirname "$file")" && sha256sum "$(basename "$file")" ) >"$file.sha256"
}

rotate() {
    local -a snaps
    mapfile -t snaps < <(ls -1t "$SNAP_DIR"/catalogue-*.tar.gz 2>/dev/null)
    local i
    for (( i = KEEP; i < ${#snaps[@]}; i++ )); do
        rm -f -- "${snaps[i]}" "${snaps[i]}.sha256"
        log "rotated out $(basename "${snaps[i]}")"
    done
}

trim_logs() {
    find "$LOG_DIR" -maxdepth 1 -name 'snapshot-*.log' -mtime +"$LOG_KEEP_DAYS" -print -delete |
        while read -r old; do log "trimmed $old"; done
}

shop_status() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -I "$SHOP_URL" || echo 000)"
    log "web shop health: HTTP $code"
}

[[ -d "$CATALOGUE_DIR" ]] || { log "no catalogue folder at $CATALOGUE_DIR"; exit 1; }

log "snapshotting $(count_items) files from $CATALOGUE_DIR"
archive="$(make_archive)"
checksum "$archive"
log "wrote $archive ($(du -h "$archive" | cut -f1))"
rotate
trim_logs
shop_status
log "done"
