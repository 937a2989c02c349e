#!/bin/sh
# Rotate the office tools' own log files.
# Logs live in ./logs next to this script. Files older than a day are
# compressed; compressed logs are kept for the retention period, which
# covers the regulator's record-keeping requirement for operational logs.

set -eu

SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)
LOG_DIR="${SCRIPT_DIR}/logs"
CACHE_DIR="${SCRIPT_DIR}/.cache"
RETENTION_DAYS="${RETENTION_DAYS:-400}"
COMPRESS_AFTER_DAYS="${COMPRESS_AFTER_DAYS:-1}"
MAX_ACTIVE_MB="${MAX_ACTIVE_MB:-50}"

info() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

compress_old() {
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.*' ! -name '*.gz' \
        -mtime +"$COMPRESS_AFTER_DAYS" -print | while read -r f; do
        gzip -9 "$f"
        info "compressed $(basename "$f")"
    done
}

roll_large() {
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        size_mb=$(du -m "$f" | cut -f1)
        if [ "$size_mb" -ge "$MAX_ACTIVE_MB" ]; then
            stamp=$(date +%Y%m%d%H%M%S)
            cp -p "$f" "$f.$stamp"
            : > "$f"
            info "rolled $(basename "$f") (${size_mb} MB) to $(basename "$f").$stamp"
        fi
    done
}

expire_archives() {
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.gz' -mtime +"$RETENTION_DAYS" -print |
    while read -r f; do
        rm -f "$f"
        info "expired $(basename "$f")"
    done
}

clear_cache() {
    [ -d "$CACHE_DIR" ] || return 0
    find "$CACHE_DIR" -type f -name '*.cache' -mtime +7 -delete
    info "cache tidied"
}

report() {
    echo "log directory: $LOG_DIR"
    du -sh "$LOG_DIR" 2>/dev/null || true
    ls -1t "$LOG_DIR" 2>/dev/null | head -n 10
}

mkdir -p "$LOG_DIR"
case "${1:-rotate}" in
    rotate)
        roll_large
        compress_old
        expire_archives
        clear_cache
        info "rotation finished"
        ;;
    report)
        report
        ;;
    *)
        echo "usage: $0 [rotate|report]" >&2
        exit 2
        ;;
esac
