#!/usr/bin/env bash
# coldroom_threshold_check.sh - poll the cold-room sensor API and raise an
# alert event when a room has been outside its temperature band.
#
# Readings are fetched with curl, evaluated by a Python helper reading from a
# pipe, and any alert is posted as JSON to the alerting API with the key from
# ALERTS_API_KEY (sent only to that API).
set -uo pipefail

SENSOR_API="${SENSOR_API:-https://sensors.example.org/api/v1}"
ALERT_API="${ALERT_API:-https://alerts.example.org/api/v1/events}"
ROOMS="${ROOMS:-CR1 CR2 CR3 CR4}"
WINDOW_MIN="${WINDOW_MIN:-30}"
STATE_DIR="./state"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" >&2; }

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1
mkdir -p "$STATE_DIR"

fetch_readings() {
    local room="$1"
    curl -fsS --max-time 15 \
        "${SENSOR_API}/rooms/${room}/readings?minutes=${WINDOW_MIN}"
}

evaluate() {
    # stdin: readings JSON; stdout: alert JSON or nothing
    ROOM="$1" python3 -c '
import json, os, sys
room = os.environ["ROOM"]
data = json.load(sys.stdin)
lo, hi = data["band"]["min_c"], data["band"]["max_c"]
vals = [r["temp_c"] for r in data.get("readings", []) if r.get("temp_c") is not None]
if not vals:
    print(json.dumps({"room": room, "kind": "no_data", "severity": "warning"}))
    sys.exit(0)
out = [v for v in vals if v < lo or v > hi]
if len(out) >= max(3, len(vals) // 2):
    print(json.dumps({
        "room": room, "kind": "excursion", "severity": "critical",
        "readings_out_of_band": len(out), "readings": len(vals),
        "worst_c": max(out, key=lambda v: abs(v - (lo + hi) / 2)),
        "band": [lo, hi],
    }))
'
}

post_alert() {
    local body="$1"
    if (( DRY_RUN )); then
        log "dry run, would post: $body"
        return 0
    fi
    if [[ -z "${ALERTS_API_KEY:-}" ]]; then
        log "ALERTS_API_KEY not set; cannot post alert"
        return 1
    fi
    curl -fsS --max-time 15 -X POST "$ALERT_API" \
        -H "Authorization: Bearer ${ALERTS_API_KEY}" \
        -H "Content-Type: application/json" \
        --data "$body" >/dev/null
}

alerts=0
for room in $ROOMS; do
    if ! readings="$(fetch_readings "$room")"; then
        log "room $room: sensor API unreachable"
        continue
    fi
    alert="$(printf '%s' "$readings" | evaluate "$room")" || {
        log "room $room: could not evaluate readings"
        continue
    }
    last_state="$(cat "$STATE_DIR/$room.last" 2>/dev/null || echo ok)"
    if [[ -n "$alert" ]]; then
        kind="$(printf '%s' "$alert" | python3 -c 'import json,sys; print(json.load(sys.stdin)["kind"])')"
        if [[ "$last_state" != "$kind" ]]; then
            log "room $room: $kind - raising alert"
            post_alert "$alert" && alerts=$((alerts + 1))
        else
            log "room $room: $kind persists, alert already raised"
        fi
        echo "$kind" >"$STATE_DIR/$room.last"
    else
        [[ "$last_state" != "ok" ]] && log "room $room: back in band"
        echo ok >"$STATE_DIR/$room.last"
    fi
done
log "check complete, $alerts new alert(s)"
