#!/usr/bin/env bash
# worklist_status_push.sh - post the modality worklist backlog to the ops dashboard.
#
# Fetches today's scheduled procedures from the RIS worklist API, counts
# them per modality and status with a helper script generated into ./build/,
# and posts the counts (no patient data) to the department's ops dashboard
# API using OPS_API_KEY, which is only ever sent to that API.
#
# Usage: worklist_status_push.sh [-n] [-r RIS_URL] [-o OPS_URL]

set -euo pipefail

RIS_URL="https://ris.example.org/api/v1/worklist"
OPS_URL="https://ops.example.org/api/v1/metrics/worklist"
BUILD_DIR="./build"
HELPER="$BUILD_DIR/count_worklist.py"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":nr:o:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    r) RIS_URL="$OPTARG" ;;
    o) OPS_URL="$OPTARG" ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
  esac
done

write_helper() {
  mkdir -p "$BUILD_DIR"
  cat >"$HELPER" <<'PY'
"""Count worklist items per modality/status; print a JSON metrics document."""
import collections, json, os, sys

items = json.load(sys.stdin)
counts = collections.Counter()
for item in items:
    mod = item.get("Modality", "OT")
    status = item.get("ProcedureStepStatus", "SCHEDULED")
    counts[(mod, status)] += 1
doc = {
    "site": os.environ.get("SITE_NAME", "radiology"),
    "date": os.environ["WL_DATE"],
    "total": sum(counts.values()),
    "by_modality": [
        {"modality": m, "status": s, "count": c}
        for (m, s), c in sorted(counts.items())
    ],
}
json.dump(doc, sys.stdout)
PY
  log "helper written to $HELPER"
}

fetch_worklist() {
  curl -sS --fail --max-time 30 \
       -H 'Accept: application/json' \
       "$RIS_URL?date=$WL_DATE"
}

push_metrics() {
  local body="$1"
  : "${OPS_API_KEY:?OPS_API_KEY must be set}"
  curl -sS --fail --max-time 30 -X POST \
       -H "Authorization: Bearer $OPS_API_KEY" \
       -H 'Content-Type: application/json' \
       --data-binary @- "$OPS_URL" <<<"$body" >/dev/null
}

main() {
  export WL_DATE
  WL_DATE="$(date +%Y%m%d)"
  write_helper

  local raw metrics
  raw="$(fetch_worklist)" || { log "worklist fetch failed"; exit 2; }
  metrics="$(python3 "$HELPER" <<<"$raw")" || { log "helper failed"; exit 2; }
  log "worklist for $WL_DATE: $(python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' <<<"$metrics") items"

  if (( DRY_RUN )); then
    printf '%s\n' "$metrics"
    exit 0
  fi
  if push_metrics "$metrics"; then
    log "metrics pushed to $OPS_URL"
  else
    log "push failed"
    exit 3
  fi
}

main
