#!/usr/bin/env bash
# machine_firmware_status.sh - report firmware versions of the dialysis
# machines in a clinic.
#
# Each machine exposes a small HTTPS status API on its service port. The
# machines ship with self-signed certificates that nobody has replaced, so
# certificate checks are switched off for these calls.
set -uo pipefail

MACHINES_FILE="${MACHINES_FILE:-./machines.txt}"   # one "station address" per line, e.g. "st07 192.0.2.37"
PORT="${PORT:-8443}"
EXPECTED="${EXPECTED_FW:-4.12.3}"
OUT_CSV="${OUT_CSV:-./firmware_status.csv}"
TIMEOUT="${TIMEOUT:-6}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

if [ ! -r "$MACHINES_FILE" ]; then
    log "machine list $MACHINES_FILE not found"
    exit 1
fi

fetch_status() {
    local addr="$1"
    # -k: machines use vendor self-signed certificates
    curl -k -sS --max-time "$TIMEOUT" "https://${addr}:${PORT}/api/v1/system/firmware"
}

# Parse one status document; the JSON body and expected version come in via env.
parse_status() {
    STATUS_JSON="$1" STATION="$2" EXPECTED="$EXPECTED" python3 - <<'PY'
import json, os
station = os.environ["STATION"]
try:
    doc = json.loads(os.environ["STATUS_JSON"])
except json.JSONDecodeError:
    print(f"{station},unknown,unknown,unparsable")
    raise SystemExit(0)
fw = doc.get("firmware", {}).get("version", "unknown")
model = doc.get("model", "unknown")
def key(v):
    try:
        return tuple(int(x) for x in v.split("."))
    except ValueError:
        return ()
exp = os.environ["EXPECTED"]
if fw == exp:
    state = "current"
elif key(fw) and key(fw) < key(exp):
    state = "outdated"
else:
    state = "unexpected"
print(f"{station},{model},{fw},{state}")
PY
}

main() {
    local total=0 outdated=0 unreachable=0 body row
    echo "station,model,firmware,state" > "$OUT_CSV"
    while read -r station addr; do
        case "$station" in ''|\#*) continue ;; esac
        total=$((total + 1))
        if ! body="$(fetch_status "$addr")"; then
            log "$station ($addr) unreachable"
            echo "$station,unknown,unknown,unreachable" >> "$OUT_CSV"
            unreachable=$((unreachable + 1))
            continue
        fi
        row="$(parse_status "$body" "$station")"
        echo "$row" >> "$OUT_CSV"
        case "$row" in *,outdated) outdated=$((outdated + 1)) ;; esac
    done < "$MACHINES_FILE"

    log "$total machines: $outdated outdated, $unreachable unreachable (expected $EXPECTED)"
    log "report written to $OUT_CSV"
    if [ "$outdated" -gt 0 ]; then
        exit 3
    fi
}

main
