#!/usr/bin/env bash
# Tiny task runner for the project.
#
# Tasks are defined in ./tasks.conf, one per line:
#     name: shell command line with ${VARS}
# Lines starting with '#' are ignored.  Variables given as KEY=VALUE
# arguments are exported before the task runs.  The command text is
# assembled into a string and run with eval so that pipes, redirects
# and ${VAR} references in tasks.conf work as written.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TASKFILE="${TASKFILE:-$PROJECT_DIR/tasks.conf}"

die() { echo "error: $*" >&2; exit 1; }

list_tasks() {
    grep -E '^[A-Za-z0-9_-]+:' "$TASKFILE" | while IFS=: read -r name rest; do
        printf '  %-16s %s\n' "$name" "$(echo "$rest" | sed 's/^ *//')"
    done
}

lookup_task() {
    local want="$1" line name cmd
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            ''|'#'*) continue ;;
        esac
        name="${line%%:*}"
        cmd="${line#*:}"
        if [ "$name" = "$want" ]; then
            printf '%s\n' "${cmd# }"
            return 0
        fi
    done < "$TASKFILE"
    return 1
}

[ -f "$TASKFILE" ] || die "no task file at $TASKFILE"

if [ $# -eq 0 ] || [ "$1" = "-l" ]; then
    echo "tasks in $(basename "$TASKFILE"):"
    list_tasks
    exit 0
fi

TASK="$1"; shift

# KEY=VALUE overrides
for arg in "$@"; do
    case "$arg" in
        [A-Za-z_]*=*) export "${arg%%=*}=${arg#*=}" ;;
        *) die "unexpected argument: $arg" ;;
    esac
done

cmd="$(lookup_task "$TASK")" || die "unknown task: $TASK"

# Build the final command line: run from the project root, with a
# header so the log shows which task produced the output.
full="cd \"$PROJECT_DIR\" && echo \"--- task $TASK\" && $cmd"

if [ "${DRY_RUN:-0}" = "1" ]; then
    printf 'would run: %s\n' "$full"
    exit 0
fi

start=$(date +%s)
set +e
eval "$full"
rc=$?
set -e
end=$(date +%s)

echo "--- task $TASK finished in $((end - start))s with exit code $rc"
exit "$rc"
