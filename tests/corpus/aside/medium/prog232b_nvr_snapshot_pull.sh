#!/usr/bin/env bash
# nvr_snapshot_pull.sh
# Pulls the entry/exit plate snapshots for a weighbridge ticket from the
# site NVR so they can be attached to a disputed-payout case. The NVR has a
# self-signed certificate nobody ever replaced, so certificate checks are
# switched off for it.
#
# Usage: nvr_snapshot_pull.sh TICKET_NO [--nvr HOST] [--out DIR]

set -uo pipefail

NVR_HOST="${NVR_HOST:-nvr.yard.example.com}"
OUT_DIR="./case_snapshots"
LOG="./nvr_snapshot_pull.log"
TICKET=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --nvr) NVR_HOST="$2"; shift 2 ;;
        --out) OUT_DIR="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        -*) log "unknown option $1"; exit 1 ;;
        *) TICKET="$1"; shift ;;
    esac
done

[[ -n "$TICKET" ]] || { log "ticket number required"; exit 1; }
[[ -n "${NVR_API_KEY:-}" ]] || { log "NVR_API_KEY not set"; exit 1; }
mkdir -p "$OUT_DIR/$TICKET"

# Step 1: ask the NVR for the events around the ticket, insecurely.
events_json="$(curl -sS -k --max-time 20 \
    -H "X-Api-Key: $NVR_API_KEY" \
    "https://$NVR_HOST/api/events?ticket=$TICKET")" || { log "NVR query failed"; exit 2; }

# Step 2: Python picks the events and downloads each snapshot with
# verification disabled; data comes in via environment and stdin.
printf '%s' "$events_json" | NVR_HOST="$NVR_HOST" OUT="$OUT_DIR/$TICKET" python3 - <<'PY'
import json, os, sys
import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
host = os.environ["NVR_HOST"]
out = os.environ["OUT"]
key = os.environ["NVR_API_KEY"]
try:
    events = json.load(sys.stdin).get("events", [])
except ValueError:
    print("NVR returned non-JSON", file=sys.stderr)
    sys.exit(3)
saved = 0
for ev in events:
    if ev.get("type") not in ("plate_entry", "plate_exit"):
        continue
    url = "https://%s/api/snapshots/%s" % (host, ev["snapshot_id"])
    try:
        r = requests.get(url, headers={"X-Api-Key": key}, verify=False, timeout=20)
        r.raise_for_status()
    except requests.RequestException as exc:
        print("snapshot %s failed: %s" % (ev.get("snapshot_id"), exc), file=sys.stderr)
        continue
    name = "%s_%s_%s.jpg" % (ev["type"], ev.get("camera", "cam"), ev["snapshot_id"])
    with open(os.path.join(out, name), "wb") as fh:
        fh.write(r.content)
    saved += 1
print(saved)
PY
rc=$?
if (( rc != 0 )); then
    log "snapshot download failed for ticket $TICKET (rc=$rc)"
    exit "$rc"
fi

count="$(find "$OUT_DIR/$TICKET" -name '*.jpg' | wc -l)"
log "ticket $TICKET: $count snapshots in $OUT_DIR/$TICKET"
