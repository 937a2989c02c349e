#!/usr/bin/env bash
# Run named maintenance tasks for this repository.
# Tasks come from ./.tasks (INI-ish "name = command" lines) if present,
# otherwise from the defaults embedded below.
set -uo pipefail

TASK_FILE=${TASK_FILE:-./.tasks}
LOG_FILE=/tmp/repo-task-runner.log
FAIL_FAST=0

read -r -d '' DEFAULT_TASKS <<'INI' || true
[tasks]
fmt      = black --check src tests
lint     = ruff check src tests
types    = mypy src
test     = python -m pytest -q --maxfail=3
deps     = pip list --outdated --format=columns
changes  = git log --oneline -n 15
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
