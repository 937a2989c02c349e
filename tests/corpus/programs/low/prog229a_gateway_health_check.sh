#!/usr/bin/env bash
# gateway_health_check.sh - morning check of the clinic telemetry gateways.
#
# For each gateway in gateways.txt it sends a HEAD request to the web
# console, fetches the JSON health document, and summarises both into a
# table. The host OS of the machine running the check is noted in the header.
set -uo pipefail

GATEWAYS_FILE="${GATEWAYS_FILE:-./gateways.txt}"   # one hostname per line, e.g. gw-north.clinics.example.net
TIMEOUT="${TIMEOUT:-5}"
OUT="${OUT:-./gateway_health_$(date +%Y%m%d).txt}"
MAX_LAG="${MAX_LAG:-120}"

log() { echo "[$(date +%T)] $*" >&2; }

[ -r "$GATEWAYS_FILE" ] || { log "missing $GATEWAYS_FILE"; exit 1; }

os_name="$(grep -m1 '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"')"
os_name="${os_name:-unknown}"
cpu_model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//')"

console_status() {
    curl -sS -I --max-time "$TIMEOUT" -o /dev/null -w '%{http_code}' "https://$1/" 2>/dev/null || echo "000"
}

health_doc() {
    curl -sS --max-time "$TIMEOUT" "https://$1/api/health" 2>/dev/null
}

# Summarise a health document handed over in HEALTH_JSON.
summarise() {
    HEALTH_JSON="$1" MAX_LAG="$MAX_LAG" python3 -c '
import json, os
try:
    d = json.loads(os.environ["HEALTH_JSON"])
except (KeyError, json.JSONDecodeError):
    print("unparsable - - -")
    raise SystemExit
lag = d.get("upload_lag_seconds")
machines = d.get("machines_online", "?")
queue = d.get("queue_depth", "?")
lag_s = "?" if lag is None else lag
state = "ok"
if d.get("status") != "ok":
    state = d.get("status", "unknown")
elif isinstance(lag, (int, float)) and lag > int(os.environ["MAX_LAG"]):
    state = "lagging"
print(f"{state} {machines} {queue} {lag_s}")
'
}

main() {
    local host code doc line problems=0 count=0
    {
        echo "Gateway health check $(date '+%F %T')"
        echo "checked from: $(hostname) / $os_name / ${cpu_model:-unknown cpu}"
        printf '%-32s %-8s %-10s %-9s %-6s %s\n' GATEWAY CONSOLE STATE MACHINES QUEUE LAG
    } > "$OUT"

    while read -r host; do
        case "$host" in ''|\#*) continue ;; esac
        count=$((count + 1))
        code="$(console_status "$host")"
        if doc="$(health_doc "$host")" && [ -n "$doc" ]; then
            line="$(summarise "$doc")"
        else
            line="unreachable - - -"
        fi
        read -r state machines queue lag <<< "$line"
        printf '%-32s %-8s %-10s %-9s %-6s %s\n' "$host" "$code" "$state" "$machines" "$queue" "$lag" >> "$OUT"
        if [ "$state" != "ok" ] || [ "$code" != "200" ]; then
            problems=$((problems + 1))
            log "$host: console $code, state $state"
        fi
    done < "$GATEWAYS_FILE"

    log "$count gateways checked, $problems with problems; report in $OUT"
    cat "$OUT"
    [ "$problems" -eq 0 ]
}

main
