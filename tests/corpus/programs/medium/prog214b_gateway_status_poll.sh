#!/usr/bin/env bash
# gateway_status_poll.sh - polls the status page of each shore gateway's
# management interface and writes a one-line-per-gateway health summary.
# The gateways ship with self-signed certificates, so verification is off.
set -uo pipefail

GATEWAYS_FILE="${GATEWAYS_FILE:-./gateways.txt}"
OUT_DIR="./gateway_status"
LOG="./gateway_poll.log"
TIMEOUT=15
RETRIES=2

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOG"; }

gateways() {
    if [[ -f "$GATEWAYS_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$GATEWAYS_FILE"
    else
        printf '%s\n' gw01.example.net gw02.example.net gw03.example.net
    fi
}

fetch_status() {
    local host="$1" attempt body
    for ((attempt = 1; attempt <= RETRIES; attempt++)); do
        # -k: the gateway certificates are self-signed
        if body=$(curl -sk --max-time "$TIMEOUT" "https://$host/api/v1/status"); then
            printf '%s' "$body"
            return 0
        fi
        log "attempt $attempt failed for $host"
        sleep 2
    done
    return 1
}

summarise() {
    local host="$1" body="$2"
    GW_HOST="$host" GW_BODY="$body" python3 - <<'PY'
import json, os
host = os.environ["GW_HOST"]
try:
    data = json.loads(os.environ["GW_BODY"])
except ValueError:
    print(f"{host}\tBADJSON\t-\t-\t-")
    raise SystemExit(0)
uptime_h = int(data.get("uptime_s", 0)) // 3600
queue = data.get("queue_depth", "?")
vessels = len(data.get("vessels_online", []))
state = "OK" if data.get("link") == "up" and (queue == "?" or int(queue) < 500) else "WARN"
print(f"{host}\t{state}\t{uptime_h}h\tq={queue}\tvessels={vessels}")
PY
}

main() {
    mkdir -p "$OUT_DIR"
    local stamp out ok=0 bad=0 host body
    stamp=$(date +%Y%m%d-%H%M)
    out="$OUT_DIR/status-$stamp.tsv"
    printf 'host\tstate\tuptime\tqueue\tvessels\n' > "$out"
    while read -r host; do
        if body=$(fetch_status "$host"); then
            summarise "$host" "$body" >> "$out"
            ok=$((ok + 1))
        else
            printf '%s\tDOWN\t-\t-\t-\n' "$host" >> "$out"
            bad=$((bad + 1))
        fi
    done < <(gateways)
    log "poll complete ok=$ok down=$bad -> $out"
    column -t -s $'\t' "$out"
    (( bad == 0 ))
}

case "${1:-}" in
    -h|--help) echo "usage: $0   (env GATEWAYS_FILE=path)"; exit 0 ;;
    -t) TIMEOUT="${2:-15}" ;;
esac
main
