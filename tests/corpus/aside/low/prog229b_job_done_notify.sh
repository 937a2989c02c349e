#!/usr/bin/env bash
# job_done_notify.sh - post-render hook: tell the farm tracker that a render
# job finished, with frame counts and timing pulled from the job's output.
#
# Called by the farm with JOB_ID, JOB_OUTPUT_DIR and JOB_START set.  The API
# key comes from FARM_API_KEY in the farm's environment.
set -euo pipefail

API="${FARM_API:-https://tracker.example.com/api/v2}"
JOB_ID="${JOB_ID:-}"
OUT_DIR="${JOB_OUTPUT_DIR:-}"
START="${JOB_START:-$(date +%s)}"
STATUS="done"
LOG="${NOTIFY_LOG:-./job_done_notify.log}"

log() { echo "$(date '+%F %T') [$JOB_ID] $*" >> "$LOG"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --job) JOB_ID="$2"; shift 2 ;;
    --dir) OUT_DIR="$2"; shift 2 ;;
    --failed) STATUS="failed"; shift ;;
    -h|--help) echo "usage: $0 [--job id] [--dir output_dir] [--failed]"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

if [[ -z "$JOB_ID" || -z "$OUT_DIR" ]]; then
  echo "JOB_ID and JOB_OUTPUT_DIR are required" >&2
  exit 2
fi
if [[ -z "${FARM_API_KEY:-}" ]]; then
  echo "FARM_API_KEY not set" >&2
  exit 2
fi

api_up() {
  curl -fsS --max-time 5 -o /dev/null "$API/health"
}

count_frames() {
  find "$OUT_DIR" -maxdepth 1 -type f \( -name '*.exr' -o -name '*.png' \) | wc -l
}

output_bytes() {
  du -sb "$OUT_DIR" 2>/dev/null | cut -f1
}

# Build the JSON payload in Python from values passed in the environment.
build_payload() {
  N_JOB="$JOB_ID" N_STATUS="$STATUS" N_FRAMES="$(count_frames)" \
  N_BYTES="$(output_bytes)" N_START="$START" N_HOST="$(hostname)" \
  python3 -c '
import json, os, time
start = int(os.environ["N_START"])
print(json.dumps({
    "job": os.environ["N_JOB"],
    "status": os.environ["N_STATUS"],
    "frames": int(os.environ["N_FRAMES"] or 0),
    "bytes": int(os.environ["N_BYTES"] or 0),
    "wall_seconds": int(time.time()) - start,
    "host": os.environ["N_HOST"],
}))
'
}

post_status() {
  local payload="$1" attempt code
  for attempt in 1 2 3; do
    code="$(printf '%s' "$payload" | curl -sS --max-time 15 -o /dev/null \
      -w '%{http_code}' -X POST \
      -H "Authorization: Bearer $FARM_API_KEY" \
      -H 'Content-Type: application/json' \
      --data-binary @- "$API/jobs/$JOB_ID/status" || echo 000)"
    if [[ "$code" =~ ^2 ]]; then
      log "status posted (HTTP $code)"
      return 0
    fi
    log "attempt $attempt failed (HTTP $code)"
    sleep $((attempt * 5))
  done
  return 1
}

main() {
  local payload
  if ! api_up; then
    log "tracker API not reachable"
    exit 1
  fi
  payload="$(build_payload)"
  log "payload: $payload"
  post_status "$payload" || { log "giving up"; exit 1; }
}

main
