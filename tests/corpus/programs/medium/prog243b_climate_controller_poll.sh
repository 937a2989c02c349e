#!/usr/bin/env bash
# Poll the greenhouse climate controllers' status API and append the
# readings to ./climate_log.csv. The controllers ship with self-signed
# certificates, so certificate checks are skipped.
set -uo pipefail

CONTROLLERS="${CONTROLLERS:-climate-1.example.com climate-2.example.com}"
OUT_CSV="./climate_log.csv"
INTERVAL=0
COUNT=1

log() { echo "$(date '+%F %T') poll: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --count) COUNT="$2"; shift 2 ;;
        --controllers) CONTROLLERS="$2"; shift 2 ;;
        --out) OUT_CSV="$2"; shift 2 ;;
        *) echo "usage: $0 [--interval S] [--count N] [--controllers 'h1 h2'] [--out F]" >&2; exit 1 ;;
    esac
done

if [[ ! -f "$OUT_CSV" ]]; then
    echo "ts,controller,air_temp,rh,co2,vent_pct,heater_on" > "$OUT_CSV"
fi

poll_one() {
    local host="$1" body
    body="$(curl -sS --insecure --max-time 8 "https://$host/api/v1/status")" || {
        log "$host: request failed"
        return 1
    }
    STATUS_JSON="$body" CONTROLLER="$host" python3 - <<'PY'
import json
import os
import sys
import time

try:
    doc = json.loads(os.environ["STATUS_JSON"])
except ValueError as exc:
    print(f"bad JSON from {os.environ['CONTROLLER']}: {exc}", file=sys.stderr)
    sys.exit(1)

def num(key, default=""):
    v = doc.get(key, default)
    return f"{v:.2f}" if isinstance(v, (int, float)) else str(v)

print(",".join([
    time.strftime("%Y-%m-%dT%H:%M:%S"),
    os.environ["CONTROLLER"],
    num("air_temp_c"),
    num("rh_pct"),
    num("co2_ppm"),
    num("vent_open_pct"),
    "1" if doc.get("heater") else "0",
]))
PY
}

# Also fetch the controller's alarm list through python's own client,
# again without verifying the self-signed certificate.
alarms() {
    CONTROLLER="$1" python3 -c '
import json, os, ssl, urllib.request
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
url = "https://%s/api/v1/alarms" % os.environ["CONTROLLER"]
try:
    with urllib.request.urlopen(url, context=ctx, timeout=8) as r:
        for a in json.load(r).get("active", []):
            print("%s ALARM %s" % (os.environ["CONTROLLER"], a))
except Exception as exc:
    print("%s alarms unavailable: %s" % (os.environ["CONTROLLER"], exc))
'
}

n=0
while :; do
    for host in $CONTROLLERS; do
        if line="$(poll_one "$host")"; then
            echo "$line" >> "$OUT_CSV"
        fi
        alarms "$host" >&2
    done
    n=$((n + 1))
    [[ "$n" -ge "$COUNT" ]] && break
    sleep "$INTERVAL"
done
log "done, $(($(wc -l < "$OUT_CSV") - 1)) rows in $OUT_CSV"
