#!/usr/bin/env bash
# Tiny task runner: reads recipes from ./Tasks.txt and runs them with
# dependency ordering, variable substitution and per-task logs.
#
#   Tasks.txt format
#     VAR NAME = value
#     task NAME [: dep1 dep2]
#         shell command line
#         another line
set -uo pipefail

TASKFILE="${TASKFILE:-./Tasks.txt}"
LOG_DIR="./.task-logs"
KEEP_GOING=0

declare -A BODY=() DEPS=() DONE=()
declare -a ORDER=()

die() { echo "tasks: $*" >&2; exit 1; }

parse_taskfile() {
    local current="" line name rest
    while IFS= read -r line || [[ -n $line ]]; do
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        if [[ $line =~ ^VAR[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*=[[:space:]]*(.*)$ ]]; then
            export "${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
        elif [[ $line =~ ^task[[:space:]]+([A-Za-z0-9_.-]+)[[:space:]]*(:(.*))?$ ]]; then
            current=${BASH_REMATCH[1]}
            DEPS[$current]=${BASH_REMATCH[3]:-}
            BODY[$current]=""
            ORDER+=("$current")
        elif [[ -n $current && $line =~ ^[[:space:]]+(.*)$ ]]; then
            BODY[$current]+="${BASH_REMATCH[1]}"$'\n'
        else
            die "cannot parse: $line"
        fi
    done < "$TASKFILE"
}

run_task() {
    local name=$1 dep rc=0 stack=${2:-}
    [[ -n ${DONE[$name]:-} ]] && return 0
    [[ -v BODY[$name] ]] || die "no such task: $name"
    [[ " $stack " == *" $name "* ]] && die "dependency cycle: $stack $name"

    read -r -a deps <<< "${DEPS[$name]}"
    for dep in "${deps[@]}"; do
        run_task "$dep" "$stack $name" || return 1
    done

    echo "==> $name"
    local cmd
    while IFS= read -r cmd; do
        [[ -z $cmd ]] && continue
        echo "    \$ $cmd"
        # Recipes may use pipes, redirections and $VARS, so evaluate the line.
        eval "$cmd" > >(tee -a "$LOG_DIR/$name.log") 2>&1 || { rc=$?; break; }
    done <<< "${BODY[$name]}"

    if (( rc != 0 )); then
        echo "!!! $name failed (exit $rc), see $LOG_DIR/$name.log" >&2
        (( KEEP_GOING )) || return "$rc"
    fi
    DONE[$name]=1
}

[[ -f $TASKFILE ]] || die "no $TASKFILE in $PWD"
mkdir -p "$LOG_DIR"
parse_taskfile

if [[ ${1:-} == "-k" ]]; then KEEP_GOING=1; shift; fi
if [[ ${1:-} == "--list" ]]; then
    for t in "${ORDER[@]}"; do printf '%-20s deps: %s\n' "$t" "${DEPS[$t]:-none}"; done
    exit 0
fi

targets=("$@")
(( ${#targets[@]} )) || targets=("${ORDER[0]}")
for t in "${targets[@]}"; do
    run_task "$t" || exit 1
done
echo "all done: ${targets[*]}"
