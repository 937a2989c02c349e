#!/bin/sh
# workspace_task_runner.sh - run named housekeeping tasks from ./tasks.conf
# tasks.conf format:   name | description | command line
# Usage: workspace_task_runner.sh [-f tasks.conf] [-l] [-q] task...
set -u

TASKFILE="./tasks.conf"
LIST_ONLY=0
QUIET=0
STATE=/tmp/workspace-tasks.state

while getopts "f:lq" opt; do
    case "$opt" in
        f) TASKFILE="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-f file] [-l] [-q] task..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

if [ ! -f "$TASKFILE" ]; then
    echo "creating default $TASKFILE"
    cat > "$TASKFILE" <<'DEFAULTS'
# name        | description                       | command
du            | size of top-level dirs            | du -sh ./* 2>/dev/null | sort -h
pycache       | drop __pycache__ folders          | find . -name __pycache__ -type d -prune -exec rm -rf {} +
gitgc         | compact the repository            | git gc --quiet --prune=now
todo          | count TODO markers                | grep -rn TODO --include='*.py' . | wc -l
DEFAULTS
fi

trim() { printf '%s' "$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }

lookup() {
    # prints the command for task $1, empty if unknown
    while IFS='|' read -r name desc cmd; do
        case "$name" in ''|\#*) continue ;; esac
        if [ "$(trim "$name")" = "$1" ]; then
            trim "$cmd"
            return 0
        fi
    done < "$TASKFILE"
    return 1
}

if [ "$LIST_ONLY" -eq 1 ] || [ $# -eq 0 ]; then
    grep -v '^#' "$TASKFILE" | awk -F'|' 'NF>=3 {gsub(/ +$/,"",$1); gsub(/^ +| +$/,"",$2); printf "%-12s %s\n", $1, $2}'
    exit 0
fi

OUT=$(mktemp -u /tmp/wtr.XXXXXX)
: > "$STATE"
rc_total=0
for task in "$@"; do
    cmd=$(lookup "$task") || { echo "unknown task: $task" >&2; rc_total=1; continue; }
    [ "$QUIET" -eq 1 ] || echo ">> $task: $cmd"
    start=$(date +%s)
    eval "$cmd" > "$OUT" 2>&1
    rc=$?
    end=$(date +%s)
    [ "$QUIET" -eq 1 ] || cat "$OUT"
    printf '%s\t%s\t%ss\n' "$task" "$rc" "$((end - start))" >> "$STATE"
    [ "$rc" -eq 0 ] || rc_total=$rc
done
rm -f "$OUT"

echo "summary (also in $STATE):"
column -t -s "$(printf '\t')" "$STATE" 2>/dev/null || cat "$STATE"
exit "$rc_total"
