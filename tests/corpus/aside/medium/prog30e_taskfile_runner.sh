#!/usr/bin/env bash
# taskfile_runner.sh - a tiny make-like task runner for projects without make.
#
# Reads ./Taskfile with lines of the form
#     name: dep1 dep2 | command line to run
# and runs the requested task after its dependencies.  Variables defined as
#     VAR = value
# are exported before tasks run.
#
# Usage: taskfile_runner.sh [-f Taskfile] [-n] [-l] task...
set -uo pipefail

TASKFILE="Taskfile"
DRY_RUN=0
declare -A TASK_CMD=()
declare -A TASK_DEPS=()
declare -A DONE=()

msg() { printf '\033[1m>> %s\033[0m\n' "$*" >&2; }
fail() { printf 'taskfile_runner: %s\n' "$*" >&2; exit 1; }

parse_taskfile() {
    local lineno=0 line name rest deps cmd
    [[ -r "$TASKFILE" ]] || fail "cannot read $TASKFILE"
    while IFS= read -r line || [[ -n "$line" ]]; do
        lineno=$((lineno + 1))
        line="${line%%#*}"
        [[ -z "${line//[[:space:]]/}" ]] && continue
        if [[ "$line" =~ ^([A-Z_][A-Z0-9_]*)[[:space:]]*=[[:space:]]*(.*)$ ]]; then
            export "${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
            continue
        fi
        if [[ "$line" =~ ^([a-z][a-z0-9_-]*):(.*)$ ]]; then
            name="${BASH_REMATCH[1]}"
            rest="${BASH_REMATCH[2]}"
            if [[ "$rest" == *"|"* ]]; then
                deps="${rest%%|*}"
                cmd="${rest#*|}"
            else
                deps="$rest"
                cmd=""
            fi
            TASK_DEPS[$name]="$(echo $deps)"
            TASK_CMD[$name]="${cmd# }"
            continue
        fi
        fail "$TASKFILE:$lineno: cannot parse: $line"
    done <"$TASKFILE"
}

list_tasks() {
    local t
    for t in "${!TASK_CMD[@]}"; do
        printf '  %-14s deps: %-20s %s\n' "$t" "${TASK_DEPS[$t]:-}" "${TASK_CMD[$t]}"
    done | sort
}

run_task() {
    local task="$1" stack="${2:-}" dep
    [[ -n "${DONE[$task]:-}" ]] && return 0
    [[ -n "${TASK_CMD[$task]+x}" ]] || fail "unknown task '$task'"
    [[ " $stack " == *" $task "* ]] && fail "dependency cycle: $stack $task"

    for dep in ${TASK_DEPS[$task]}; do
        run_task "$dep" "$stack $task"
    done

    local cmd="${TASK_CMD[$task]}"
    if [[ -n "$cmd" ]]; then
        msg "$task: $cmd"
        if [[ $DRY_RUN -eq 0 ]]; then
            # Tasks may use pipes, globs and $VARS, so evaluate the line.
            eval "$cmd" || fail "task '$task' failed (exit $?)"
        fi
    fi
    DONE[$task]=1
}

main() {
    local list_only=0
    while getopts ":f:nlh" opt; do
        case "$opt" in
            f) TASKFILE="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            l) list_only=1 ;;
            h) sed -n '2,11p' "$0"; exit 0 ;;
            *) fail "unknown option -$OPTARG" ;;
        esac
    done
    shift $((OPTIND - 1))

    parse_taskfile
    if [[ $list_only -eq 1 ]]; then
        list_tasks
        exit 0
    fi
    [[ $# -gt 0 ]] || set -- default
    local t
    for t in "$@"; do
        run_task "$t"
    done
    msg "all done"
}

main "$@"
