#!/usr/bin/env bash
# Summarise a cue list exported from the lighting desk (CSV) for the
# stage manager's book: total run, longest fades, cues with follow-ons,
# and any fades longer than the warning threshold.
set -euo pipefail

CUE_FILE="${CUE_FILE:-./exports/cuelist.csv}"
FADE_WARN="${FADE_WARN:-12}"
REPORT_DIR="${REPORT_DIR:-./reports}"
SCHEDULE_URL="${SCHEDULE_URL:-https://schedule.example.org/api/shows/today}"
FETCH_SCHEDULE=1

log() { printf '[cue-summary] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-f cuelist.csv] [-w warn_secs] [-o report_dir] [-x]"
    echo "  -x  do not fetch today's show title from the schedule"
}

while getopts ":f:w:o:xh" opt; do
    case "$opt" in
        f) CUE_FILE="$OPTARG" ;;
        w) FADE_WARN="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        x) FETCH_SCHEDULE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$CUE_FILE" ]] || { log "cannot read $CUE_FILE"; exit 1; }
[[ "$FADE_WARN" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { log "bad warn threshold"; exit 2; }

show_title="(untitled)"
if [[ $FETCH_SCHEDULE -eq 1 ]]; then
    if sched=$(curl -fsS --max-time 5 "$SCHEDULE_URL" 2>/dev/null); then
        show_title=$(SCHED_JSON="$sched" python3 -c '
import json, os
try:
    print(json.loads(os.environ["SCHED_JSON"]).get("title", "(untitled)"))
except ValueError:
    print("(untitled)")
')
    else
        log "schedule not reachable, continuing without title"
    fi
fi

mkdir -p "$REPORT_DIR"
stamp=$(date +%Y%m%d)
report="$REPORT_DIR/cue_summary_${stamp}.txt"
work="$REPORT_DIR/.cue_summary_${stamp}.partial"

CUE_FILE="$CUE_FILE" FADE_WARN="$FADE_WARN" SHOW_TITLE="$show_title" python3 - > "$work" <<'PY'
import csv, os

path = os.environ["CUE_FILE"]
warn = float(os.environ["FADE_WARN"])
cues, bad = [], 0
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            cues.append({
                "num": row["cue"],
                "label": row.get("label", ""),
                "up": float(row.get("fade_up") or 0),
                "down": float(row.get("fade_down") or 0),
                "follow": row.get("follow", "").strip(),
            })
        except (KeyError, ValueError):
            bad += 1

print("Show: %s" % os.environ["SHOW_TITLE"])
print("Cue list: %s (%d cues, %d unreadable rows)" % (os.path.basename(path), len(cues), bad))
total = sum(max(c["up"], c["down"]) for c in cues)
print("Sum of fade times: %.1fs" % total)
print("Cues with follow-ons: %d" % sum(1 for c in cues if c["follow"]))
print()
print("Longest fades:")
for c in sorted(cues, key=lambda c: -max(c["up"], c["down"]))[:5]:
    print("  Q%-6s %5.1fs  %s" % (c["num"], max(c["up"], c["down"]), c["label"]))
slow = [c for c in cues if max(c["up"], c["down"]) > warn]
print()
print("Fades over %.0fs: %d" % (warn, len(slow)))
for c in slow:
    print("  Q%-6s up %.1f / down %.1f  %s" % (c["num"], c["up"], c["down"], c["label"]))
PY

mv "$work" "$report"
log "report written to $report"
cat "$report"
