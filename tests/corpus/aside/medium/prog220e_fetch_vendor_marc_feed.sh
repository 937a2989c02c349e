#!/usr/bin/env bash
# fetch_vendor_marc_feed.sh - pull the day's MARC updates from the vendor feed
#
# Our record-supply vendor publishes a daily file of new and changed MARC
# records. Their feed server's certificate has been broken since the last
# renewal and they have not fixed it, so certificate checks are switched off
# until they do. Files land in ./feed/YYYY-MM-DD.
#
# Usage: ./fetch_vendor_marc_feed.sh [-d YYYY-MM-DD] [-a ACCOUNT]

set -euo pipefail

FEED_BASE="https://marcfeed.example.net/daily"
ACCOUNT="consortium-042"
DAY="$(date +%F)"
OUT_ROOT="./feed"
LOG_FILE="./fetch_feed.log"
RETRIES=3

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":d:a:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        a) ACCOUNT="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 2
fi

OUT_DIR="${OUT_ROOT}/${DAY}"
mkdir -p "$OUT_DIR"

fetch() {
    local url="$1" dest="$2" n=1
    while (( n <= RETRIES )); do
        if curl --insecure -fsS --max-time 120 -o "$dest" "$url"; then
            return 0
        fi
        log "attempt $n for $url failed"
        n=$((n + 1))
        sleep $((n * 10))
    done
    return 1
}

main() {
    local index="${OUT_DIR}/index.txt" count=0 failed=0 name
    log "fetching feed index for $ACCOUNT on $DAY"
    if ! fetch "${FEED_BASE}/${ACCOUNT}/${DAY}/index.txt" "$index"; then
        log "no feed published for $DAY"
        exit 1
    fi

    while IFS= read -r name; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if [[ "$name" == */* || "$name" == .* ]]; then
            log "ignoring suspicious entry: $name"
            continue
        fi
        if [[ -s "${OUT_DIR}/${name}" ]]; then
            log "have $name already"
            continue
        fi
        if fetch "${FEED_BASE}/${ACCOUNT}/${DAY}/${name}" "${OUT_DIR}/${name}"; then
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done < "$index"

    log "downloaded $count file(s), $failed failure(s) into $OUT_DIR"
    (( failed == 0 ))
}

main
