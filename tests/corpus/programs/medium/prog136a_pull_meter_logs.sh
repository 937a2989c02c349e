#!/bin/sh
# Pull the daily meter logs from each store's machine controller and
# merge them into one CSV for the cash-out reconciliation.
#
# Older controllers (pre-2019 boards) only expose FTP; newer ones have an
# HTTPS endpoint with a self-signed certificate.
#
# usage: pull_meter_logs.sh stores.txt [YYYY-MM-DD]

STORES_FILE="${1:-stores.txt}"
DAY="${2:-$(date +%Y-%m-%d)}"
WORK=/tmp/meterlogs
OUT="./meters_${DAY}.csv"
FTP_USER="${METER_FTP_USER:-meter}"
FTP_PASS="${METER_FTP_PASS:-meter}"

log() { echo "$(date +%T) $*" >&2; }

if [ ! -f "$STORES_FILE" ]; then
    log "stores file $STORES_FILE missing"
    exit 1
fi

mkdir -p "$WORK"
rm -f "$WORK"/*.csv

pull_https() {
    store="$1"; host="$2"
    # controllers ship with self-signed certs, skip verification
    curl -s -k --max-time 30 \
        -o "$WORK/${store}.csv" \
        "https://${host}/meters/${DAY}.csv"
}

pull_ftp() {
    store="$1"; host="$2"
    curl -s --max-time 60 \
        -u "${FTP_USER}:${FTP_PASS}" \
        -o "$WORK/${store}.csv" \
        "ftp://${host}/meters/${DAY}.csv"
}

ok=0
fail=0
while IFS=' ' read -r store host proto; do
    case "$store" in ''|\#*) continue ;; esac
    case "$proto" in
        ftp)   pull_ftp "$store" "$host" ;;
        https) pull_https "$store" "$host" ;;
        *)     log "store $store: unknown protocol '$proto'"; fail=$((fail+1)); continue ;;
    esac
    if [ -s "$WORK/${store}.csv" ]; then
        ok=$((ok+1))
        log "store $store: ok"
    else
        fail=$((fail+1))
        log "store $store: no data"
    fi
done < "$STORES_FILE"

# merge, tagging each row with its store id
echo "store,machine,cycles,coin_cents,card_cents" > "$OUT"
for f in "$WORK"/*.csv; do
    [ -e "$f" ] || continue
    s=$(basename "$f" .csv)
    tail -n +2 "$f" | sed "s/^/${s},/" >> "$OUT"
done

log "merged $ok stores into $OUT ($fail failed)"
[ "$fail" -eq 0 ]
