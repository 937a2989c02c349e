#!/usr/bin/env bash
# vrs_shift_log_rotate.sh - end-of-shift log rotation for relay stations
#
# Compresses the relay client's session logs for the shift, ships them to
# the centre's archive over the archive server's FTP drop and empties the
# local logs once the upload is confirmed.

set -euo pipefail

APP_LOG_DIR="${VRS_LOG_DIR:-$HOME/.local/share/vrsclient/logs}"
STAGE="/tmp/vrs_rotate"
ARCHIVE_URL="${VRS_ARCHIVE_URL:-ftp://archive.relaycentre.example/shifts/}"
ARCHIVE_USER="${VRS_ARCHIVE_USER:-station}"
ARCHIVE_PASS="${VRS_ARCHIVE_PASS:-}"
KEEP_DAYS=14
DRY_RUN=0

usage() { echo "usage: $0 [--keep DAYS] [--dry-run]"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) KEEP_DAYS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { logger -t vrs-rotate "$*" 2>/dev/null || true; echo "[rotate] $*"; }

pack_logs() {
    local shift_id="$1" archive="$STAGE/${1}.tar.gz"
    mkdir -p "$STAGE"
    tar -czf "$archive" -C "$APP_LOG_DIR" $(cd "$APP_LOG_DIR" && ls *.log)
    note "packed $(tar -tzf "$archive" | wc -l) logs into $archive"
    echo "$archive"
}

upload() {
    local archive="$1" n
    if [ "$DRY_RUN" -eq 1 ]; then
        note "dry run: would upload $archive to $ARCHIVE_URL"
        return 1
    fi
    for n in 1 2 3; do
        if curl -sS --ftp-create-dirs -T "$archive" -u "$ARCHIVE_USER:$ARCHIVE_PASS" \
                "$ARCHIVE_URL"; then
            return 0
        fi
        note "upload attempt $n failed"
        sleep $((n * 5))
    done
    return 1
}

rotate_app_logs() {
    local shift_id archive
    shift_id="$(hostname -s)_$(date +%Y%m%d_%H%M)"
    if ! ls "$APP_LOG_DIR"/*.log >/dev/null 2>&1; then
        note "no session logs to rotate"
        return 0
    fi
    archive="$(pack_logs "$shift_id")"
    if upload "$archive"; then
        note "archived $shift_id"
        for f in "$APP_LOG_DIR"/*.log; do : >"$f"; done
        find "$STAGE" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
    else
        note "archive upload not done; logs kept in $STAGE"
    fi
}

rotate_app_logs
echo "[rotate] shift logs rotated"
