#!/usr/bin/env bash
# Run named maintenance tasks on an application node.
# Tasks come from ./.node-tasks (INI-ish "name = command" lines) if present,
# otherwise from the defaults embedded below.
set -uo pipefail

TASK_FILE=${TASK_FILE:-./.node-tasks}
LOG_FILE=./node-task-runner.log
FAIL_FAST=0

read -r -d '' DEFAULT_TASKS <<'INI' || true
[tasks]
status   = systemctl --no-pager status app-web.service
reload   = sudo systemctl reload nginx.service
restart  = sudo systemctl restart app-web.service app-worker.service
backlog  = sudo sysctl -w net.core.somaxconn=4096
swappy   = sudo sysctl -w vm.swappiness=10
journal  = journalctl -u app-web.service -n 50 --no-pager
INI

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_FILE" >&2; }

load_tasks() {
    local source_text
    if [[ -f "$TASK_FILE" ]]; then
        source_text=$(cat "$TASK_FILE")
        log "using tasks from $TASK_FILE"
    else
        source_text=$DEFAULT_TASKS
    fi
    declare -gA TASKS=()
    declare -ga ORDER=()
    local line name cmd
    while IFS= read -r line; do
        [[ "$line" =~ ^[[:space:]]*(#|\[|$) ]] && continue
        name=$(printf '%s' "${line%%=*}" | xargs)
        cmd=$(printf '%s' "${line#*=}" | sed 's/^[[:space:]]*//')
        TASKS[$name]=$cmd
        ORDER+=("$name")
    done <<< "$source_text"
}

run_task() {
    local name=$1
    local cmd=${TASKS[$name]:-}
    if [[ -z "$cmd" ]]; then
        log "no such task: $name"
        return 2
    fi
    log "==> $name: $cmd"
    local start=$SECONDS
    eval "$cmd"
    local rc=$?
    log "<== $name rc=$rc ($((SECONDS - start))s)"
    return $rc
}

usage() {
    echo "usage: ${0##*/} [-x] [-l] [task ...]   (no task = all)" >&2
}

LIST=0
while getopts ":xlh" opt; do
    case "$opt" in
        x) FAIL_FAST=1 ;;
        l) LIST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

load_tasks
if [[ $LIST -eq 1 ]]; then
    for t in "${ORDER[@]}"; do printf '%-8s %s\n' "$t" "${TASKS[$t]}"; done
    exit 0
fi

selected=("$@")
[[ ${#selected[@]} -eq 0 ]] && selected=("${ORDER[@]}")

failures=0
for t in "${selected[@]}"; do
    if ! run_task "$t"; then
        failures=$((failures + 1))
        [[ $FAIL_FAST -eq 1 ]] && break
    fi
done
log "finished: ${#selected[@]} tasks, $failures failed"
exit $(( failures > 0 ))
