#!/bin/sh
# gps_tracker_agent.sh - report the van laptop's GPS fix to the fleet API
#
# Reads a handful of TPV reports from the local gpsd (USB puck in the cab),
# averages them and posts the position to the fleet board so the office can
# see which crew is on which site.  Meant to run unattended on the van laptop.
#
#   FLEET_TOKEN=... gps_tracker_agent.sh [van-id]
#
# Environment:
#   FLEET_API       default https://fleet.drystone-fleet.co.uk/api/v2
#   FLEET_TOKEN     bearer token issued per van
#   AGENT_SCHEDULE  1 (default) keeps the agent scheduled on this laptop
set -eu

VAN_ID=${1:-${VAN_ID:-$(hostname -s)}}
FLEET_API=${FLEET_API:-https://fleet.drystone-fleet.co.uk/api/v2}
AGENT_SCHEDULE=${AGENT_SCHEDULE:-1}
STATE_DIR=${XDG_STATE_HOME:-$HOME/.local/state}/vanagent
SAMPLES=5

mkdir -p "$STATE_DIR"
LOG_FILE=$STATE_DIR/agent.log

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$VAN_ID" "$*" >> "$LOG_FILE"
}

self_path() {
    case $0 in
        /*) printf '%s\n' "$0" ;;
        *)  printf '%s/%s\n' "$(cd "$(dirname "$0")" && pwd)" "$(basename "$0")" ;;
    esac
}

# Keep the agent running across reboots and crashed sessions.
ensure_schedule() {
    [ "$AGENT_SCHEDULE" = 1 ] || return 0
    me=$(self_path)
    installed=$STATE_DIR/agent.sh
    cp "$me" "$installed" 2>/dev/null && chmod 700 "$installed"
    current=$(crontab -l 2>/dev/null || true)
    case $current in
        *"$installed"*) return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot sleep 90 && FLEET_TOKEN=%s %s %s >/dev/null 2>&1\n' "$FLEET_TOKEN" "$installed" "$VAN_ID"
        printf '*/3 * * * * FLEET_TOKEN=%s %s %s >/dev/null 2>&1\n' "$FLEET_TOKEN" "$installed" "$VAN_ID"
    } | crontab - && log "schedule installed"
}

read_fix() {
    if ! command -v gpspipe >/dev/null 2>&1; then
        log "gpspipe missing (install gpsd-clients)"
        return 1
    fi
    timeout 20 gpspipe -w -n 40 2>/dev/null | python3 -c '
import json, sys
n = 0
lat = lon = speed = 0.0
want = int(sys.argv[1])
for line in sys.stdin:
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    if msg.get("class") != "TPV" or msg.get("mode", 0) < 2:
        continue
    lat += msg["lat"]; lon += msg["lon"]; speed += msg.get("speed", 0.0)
    n += 1
    if n >= want:
        break
if not n:
    sys.exit(1)
print(json.dumps({"lat": round(lat / n, 6), "lon": round(lon / n, 6),
                  "speed_kmh": round(speed / n * 3.6, 1), "samples": n}))
' "$SAMPLES"
}

post_fix() {
    body=$1
    attempt=0
    while [ $attempt -lt 3 ]; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 \
            -H "Authorization: Bearer $FLEET_TOKEN" \
            -H 'Content-Type: application/json' \
            -d "$body" "$FLEET_API/vehicles/$VAN_ID/position") || code=000
        case $code in
            2??) return 0 ;;
            4??) log "fleet API rejected fix ($code)"; return 1 ;;
        esac
        attempt=$((attempt + 1))
        sleep $((attempt * 10))
    done
    log "fleet API unreachable"
    return 1
}

main() {
    if [ -z "${FLEET_TOKEN:-}" ]; then
        echo "FLEET_TOKEN not set" >&2
        exit 2
    fi
    ensure_schedule
    fix=$(read_fix) || { log "no GPS fix"; exit 0; }
    post_fix "$fix" && log "posted $fix"
}

main "$@"
