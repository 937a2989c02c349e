#!/usr/bin/env bash
# plotq_status_post.sh - report this seat's finished plot jobs to the
# office plot-queue dashboard (PlotQ). Checks the API is healthy, builds
# the JSON report from job files in ./jobs with python, and posts it with
# the seat's API key (PLOTQ_API_KEY) to the PlotQ API only.
set -euo pipefail

API_BASE="${PLOTQ_API:-https://plotq.example.com/api/v1}"
JOBS_DIR="${JOBS_DIR:-./jobs}"
SEAT="${SEAT_NAME:-$(hostname -s)}"
SENT_DIR="./jobs_sent"
DRY=0

log() { printf '%s [plotq] %s\n' "$(date '+%T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY=1; shift ;;
        --jobs) JOBS_DIR="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-n] [--jobs DIR]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

if [[ -z "${PLOTQ_API_KEY:-}" ]]; then
    log "PLOTQ_API_KEY is not set"
    exit 1
fi

shopt -s nullglob
files=("$JOBS_DIR"/*.job)
if [[ ${#files[@]} -eq 0 ]]; then
    log "no finished jobs to report"
    exit 0
fi

# health check first (plain GET with timeout)
if ! status="$(curl -fsS --max-time 10 "$API_BASE/health")"; then
    log "PlotQ API not reachable, will retry next run"
    exit 1
fi
log "API health: $status"

# each .job file is key=value lines written by the plot driver hook
REPORT="$(SEAT="$SEAT" python3 - "${files[@]}" <<'PY'
import json, os, sys
jobs = []
for path in sys.argv[1:]:
    rec = {}
    with open(path) as fh:
        for line in fh:
            if "=" in line:
                k, v = line.strip().split("=", 1)
                rec[k] = v
    if "job" not in rec:
        continue
    jobs.append({
        "job": rec["job"],
        "project": rec.get("project", "unknown"),
        "sheets": int(rec.get("sheets", 1)),
        "media": rec.get("media", "bond-90"),
        "finished": rec.get("finished"),
    })
print(json.dumps({"seat": os.environ["SEAT"], "jobs": jobs}))
PY
)"

njobs="$(printf '%s' "$REPORT" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["jobs"]))')"
log "$njobs job(s) in report"

if [[ $DRY -eq 1 ]]; then
    printf '%s\n' "$REPORT"
    exit 0
fi

http_code="$(printf '%s' "$REPORT" | curl -sS --max-time 20 -o ./.plotq_response.json -w '%{http_code}' \
    -X POST "$API_BASE/reports" \
    -H "Authorization: Bearer $PLOTQ_API_KEY" \
    -H 'Content-Type: application/json' \
    --data-binary @-)"

if [[ "$http_code" == 2* ]]; then
    mkdir -p "$SENT_DIR"
    mv -- "${files[@]}" "$SENT_DIR"/
    log "report accepted ($http_code), moved jobs to $SENT_DIR"
    rm -f ./.plotq_response.json
else
    log "report rejected ($http_code): $(head -c 300 ./.plotq_response.json 2>/dev/null)"
    exit 1
fi
