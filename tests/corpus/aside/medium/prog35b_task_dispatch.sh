#!/usr/bin/env bash
# task_dispatch.sh -- tiny make-like task runner for the repo
#
#   ./task_dispatch.sh list
#   ./task_dispatch.sh run build test
#   TASKFILE=ci.tasks ./task_dispatch.sh run lint
#
# Tasks live in ./Taskfile.conf as "name: shell command" lines, with
# "name.deps: other other2" for dependencies. ${VAR} references in the
# command are expanded at run time, so the command text goes through eval.

set -uo pipefail

TASKFILE="${TASKFILE:-./Taskfile.conf}"
LOCKFILE="/tmp/task_dispatch.lock"
LOG_DIR="${LOG_DIR:-./.task-logs}"

declare -A TASK_CMD=()
declare -A TASK_DEPS=()
declare -A TASK_DONE=()
declare -a TASK_ORDER=()

c_red=$'\e[31m'; c_grn=$'\e[32m'; c_dim=$'\e[2m'; c_off=$'\e[0m'
[[ -t 2 ]] || { c_red=; c_grn=; c_dim=; c_off=; }

say()  { printf '%s==>%s %s\n' "$c_grn" "$c_off" "$*" >&2; }
warn() { printf '%s!!%s %s\n' "$c_red" "$c_off" "$*" >&2; }

parse_taskfile() {
    [[ -r $TASKFILE ]] || { warn "cannot read $TASKFILE"; return 1; }
    local line name body n=0
    while IFS= read -r line || [[ -n $line ]]; do
        n=$((n + 1))
        line="${line%%#*}"
        [[ $line =~ ^[[:space:]]*$ ]] && continue
        name="${line%%:*}"; body="${line#*:}"
        name="${name//[[:space:]]/}"
        body="${body#"${body%%[![:space:]]*}"}"
        if [[ $name == *.deps ]]; then
            TASK_DEPS["${name%.deps}"]="$body"
        elif [[ $name =~ ^[A-Za-z0-9_-]+$ ]]; then
            TASK_CMD["$name"]="$body"
            TASK_ORDER+=("$name")
        else
            warn "line $n: bad task name '$name'"
        fi
    done < "$TASKFILE"
}

acquire_lock() {
    if [[ -e $LOCKFILE ]]; then
        local pid; pid="$(<"$LOCKFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            warn "another dispatcher (pid $pid) is running"
            return 1
        fi
        warn "stale lock from pid $pid, taking over"
    fi
    echo $$ > "$LOCKFILE"
    trap 'rm -f "$LOCKFILE"' EXIT
}

run_task() {
    local name="$1" depth="${2:-0}"
    (( depth > 20 )) && { warn "dependency loop at $name"; return 1; }
    [[ -n ${TASK_DONE[$name]:-} ]] && return 0
    [[ -n ${TASK_CMD[$name]+x} ]] || { warn "unknown task '$name'"; return 1; }

    local dep
    for dep in ${TASK_DEPS[$name]:-}; do
        run_task "$dep" $((depth + 1)) || return 1
    done

    local cmd="${TASK_CMD[$name]}"
    local logf="$LOG_DIR/$name.log"
    say "$name ${c_dim}($cmd)${c_off}"
    local start=$SECONDS
    ( eval "$cmd" ) > >(tee "$logf") 2>&1
    local rc=$?
    if (( rc != 0 )); then
        warn "$name failed with $rc after $((SECONDS - start))s, see $logf"
        return "$rc"
    fi
    TASK_DONE[$name]=1
    say "$name ok in $((SECONDS - start))s"
}

list_tasks() {
    local t
    for t in "${TASK_ORDER[@]}"; do
        printf '  %-14s %s%s%s\n' "$t" "$c_dim" "${TASK_CMD[$t]}" "$c_off"
        [[ -n ${TASK_DEPS[$t]:-} ]] && printf '  %-14s   needs: %s\n' "" "${TASK_DEPS[$t]}"
    done
}

main() {
    local action="${1:-list}"; shift || true
    parse_taskfile || exit 2
    case $action in
        list) list_tasks ;;
        run)
            (( $# )) || set -- "${TASK_ORDER[0]:-}"
            acquire_lock || exit 3
            mkdir -p "$LOG_DIR"
            local t
            for t in "$@"; do
                run_task "$t" || exit 1
            done
            ;;
        *) warn "unknown action $action"; exit 64 ;;
    esac
}

main "$@"
