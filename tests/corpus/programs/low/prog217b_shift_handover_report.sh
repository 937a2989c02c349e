#!/usr/bin/env bash
# shift_handover_report.sh - build the shift handover note for the O&M
# control room from the technicians' task log (tasks.csv in the working
# directory) and the list of turbines currently stopped (stopped.txt).
#
# Usage: shift_handover_report.sh [-t tasks.csv] [-s stopped.txt] [-o out.md]
set -euo pipefail

TASKS="./tasks.csv"
STOPPED="./stopped.txt"
OUT=""
SHIFT="$( (( 10#$(date +%H) < 14 )) && echo day || echo night )"

log() { echo "handover: $*" >&2; }

while getopts ":t:s:o:" opt; do
    case "$opt" in
        t) TASKS="$OPTARG" ;;
        s) STOPPED="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) log "usage: $0 [-t tasks.csv] [-s stopped.txt] [-o out.md]"; exit 1 ;;
    esac
done

OUT="${OUT:-./handover_$(date +%F)_${SHIFT}.md}"

require_file() {
    if [[ ! -r "$1" ]]; then
        log "missing input $1"
        exit 2
    fi
}

stopped_list() {
    if [[ -r "$STOPPED" ]]; then
        grep -Ev '^\s*(#|$)' "$STOPPED" | sort -u | paste -sd, -
    fi
}

task_tables() {
    HANDOVER_TASKS="$TASKS" HANDOVER_STOPPED="$1" python3 - <<'PY'
import csv, os
from collections import defaultdict
stopped = {t for t in os.environ["HANDOVER_STOPPED"].split(",") if t}
done, open_ = defaultdict(list), defaultdict(list)
with open(os.environ["HANDOVER_TASKS"], newline="") as fh:
    for row in csv.DictReader(fh):
        target = done if row.get("status", "").lower() == "done" else open_
        target[row.get("turbine_id", "?")].append(row)
def table(title, groups):
    print(f"## {title}\n")
    if not groups:
        print("_none_\n")
        return
    print("| Turbine | Task | Technician | Notes |")
    print("|---|---|---|---|")
    for tid in sorted(groups):
        flag = " (stopped)" if tid in stopped else ""
        for r in groups[tid]:
            notes = r.get("notes", "").replace("|", "/")
            print(f"| {tid}{flag} | {r.get('task','')} | {r.get('tech','')} | {notes} |")
    print()
table("Completed this shift", done)
table("Carried over", open_)
print(f"_{sum(map(len, done.values()))} done, {sum(map(len, open_.values()))} open_")
PY
}

render() {
    local stopped="$1"
    echo "# Shift handover - $(date '+%A %d %B %Y') ($SHIFT shift)"
    echo
    echo "Prepared by: ${USER:-unknown} on $(hostname)"
    echo
    if [[ -n "$stopped" ]]; then
        echo "**Turbines stopped at handover:** ${stopped//,/, }"
    else
        echo "**Turbines stopped at handover:** none"
    fi
    echo
    task_tables "$stopped"
}

main() {
    require_file "$TASKS"
    local stopped
    stopped="$(stopped_list || true)"
    log "stopped turbines: ${stopped:-none}"
    if render "$stopped" > "$OUT.partial"; then
        mv "$OUT.partial" "$OUT"
        log "written $OUT ($(wc -l < "$OUT") lines)"
    else
        rm -f "$OUT.partial"
        log "report generation failed"
        exit 3
    fi
}

main
