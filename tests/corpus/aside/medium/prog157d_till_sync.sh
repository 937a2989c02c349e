#!/bin/sh
# End-of-day sync for the snack bar tills.
# Pulls the day's sales from each till's local API, merges them into one CSV,
# and drops the CSV on the bookkeeping FTP box.
#
#   TILL_API_TOKEN=... FTP_USER=... FTP_PASS=... ./till_sync.sh [YYYY-MM-DD]

DAY="${1:-$(date +%F)}"
TILLS="${TILLS:-203.0.113.21 203.0.113.22 203.0.113.23}"
FTP_HOST="${FTP_HOST:-198.51.100.40}"
STAGE="/tmp/till_sync"
MERGED="$STAGE/sales-$DAY.csv"
LOG="./till_sync.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing tool: $1"; exit 1; }
}

fetch_till() {
    till="$1"
    out="$STAGE/$till.csv"
    # till API runs with the vendor's self-signed cert
    if curl -k -sS --max-time 20 \
        -H "Authorization: Bearer ${TILL_API_TOKEN}" \
        "https://$till:8443/api/sales/export?day=$DAY&format=csv" -o "$out"; then
        rows=$(($(wc -l < "$out") - 1))
        log "till $till: $rows rows"
        return 0
    fi
    log "till $till: fetch failed"
    rm -f "$out"
    return 1
}

merge() {
    first=1
    : > "$MERGED"
    for f in "$STAGE"/*.csv; do
        [ "$f" = "$MERGED" ] && continue
        [ -s "$f" ] || continue
        if [ $first -eq 1 ]; then
            cat "$f" >> "$MERGED"
            first=0
        else
            tail -n +2 "$f" >> "$MERGED"
        fi
    done
}

# bookkeeping wants a short checksum line next to every upload
checksum_file() {
    md5sum "$MERGED" | awk '{print $1}' > "$MERGED.md5"
}

upload() {
    for f in "$MERGED" "$MERGED.md5"; do
        if curl -sS --max-time 60 -T "$f" \
            "ftp://$FTP_HOST/incoming/" --user "$FTP_USER:$FTP_PASS"; then
            log "uploaded $(basename "$f")"
        else
            log "upload failed for $(basename "$f")"
            return 1
        fi
    done
}

need curl
need md5sum
if [ -z "$TILL_API_TOKEN" ] || [ -z "$FTP_USER" ]; then
    log "TILL_API_TOKEN and FTP_USER/FTP_PASS must be set"
    exit 2
fi

mkdir -p "$STAGE"
rm -f "$STAGE"/*.csv

ok=0
for t in $TILLS; do
    fetch_till "$t" && ok=$((ok + 1))
done
if [ "$ok" -eq 0 ]; then
    log "no till answered, nothing to upload"
    exit 1
fi

merge
checksum_file
upload || exit 1
log "sync for $DAY done ($ok tills)"
