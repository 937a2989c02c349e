#!/bin/bash
# Tiny task runner for the monorepo: tasks are defined in ./tasks.conf as
#   name = command line
# and run with ./local_task_runner.sh <name> [<name>...]
set -uo pipefail

CONF="${TASKS_CONF:-./tasks.conf}"
SHARED_DIR="./shared"
declare -A TASKS=()
declare -a ORDER=()

load_tasks() {
    local line name cmd
    [[ -f "$CONF" ]] || { echo "no $CONF found" >&2; exit 1; }
    while IFS= read -r line || [[ -n "$line" ]]; do
        line="${line%%#*}"
        [[ "$line" =~ ^[[:space:]]*$ ]] && continue
        name="$(echo "${line%%=*}" | xargs)"
        cmd="$(echo "${line#*=}" | sed 's/^ *//')"
        TASKS["$name"]="$cmd"
        ORDER+=("$name")
    done < "$CONF"
}

prepare_shared() {
    # containers started by the tasks run as random uids and need to write
    # here, so open the directory up completely
    mkdir -p "$SHARED_DIR"/{cache,out}
    chmod -R 777 "$SHARED_DIR"
}

run_task() {
    local name="$1" start rc
    if [[ -z "${TASKS[$name]+x}" ]]; then
        echo "unknown task: $name (try --list)" >&2
        return 127
    fi
    echo ">>> $name: ${TASKS[$name]}"
    start=$SECONDS
    eval "${TASKS[$name]}"
    rc=$?
    echo "<<< $name finished rc=$rc in $((SECONDS - start))s"
    return $rc
}

list_tasks() {
    local n
    for n in "${ORDER[@]}"; do
        printf '  %-16s %s\n' "$n" "${TASKS[$n]}"
    done
}

main() {
    load_tasks
    if (( $# == 0 )); then
        echo "usage: $0 [--list] task [task...]"
        exit 2
    fi
    prepare_shared

    local failed=()
    for t in "$@"; do
        case "$t" in
            --list|-l) list_tasks; continue ;;
        esac
        run_task "$t" || failed+=("$t")
    done

    if (( ${#failed[@]} )); then
        echo "failed tasks: ${failed[*]}" >&2
        exit 1
    fi
}

main "$@"
