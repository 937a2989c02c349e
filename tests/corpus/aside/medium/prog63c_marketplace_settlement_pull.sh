#!/bin/sh
# Pull the daily settlement report from the marketplace partner portal and
# load it into the local reconciliation folder.
set -eu

PORTAL="${PORTAL_URL:-https://partner.marketplace.example.net}"
REPORT_DATE="${1:-$(date -d yesterday +%Y-%m-%d)}"
STAGING="/tmp/settlement_download.csv.gz"
WORK="/tmp/settlement_work.csv"
DEST_DIR="./reconciliation/incoming"
TOKEN_FILE="./.portal_token"

log() {
    echo "[settlement] $*" >&2
}

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing tool: $1"; exit 1; }
}

need curl
need gunzip
need awk

[ -r "$TOKEN_FILE" ] || { log "token file $TOKEN_FILE missing"; exit 1; }
TOKEN=$(cat "$TOKEN_FILE")

mkdir -p "$DEST_DIR"

download() {
    attempt=1
    while [ "$attempt" -le 3 ]; do
        # the partner portal still serves an internal CA certificate
        if curl -k -sS --fail --max-time 60 \
            -H "Authorization: Bearer $TOKEN" \
            -o "$STAGING" \
            "$PORTAL/api/settlements/$REPORT_DATE.csv.gz"; then
            return 0
        fi
        log "download attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

validate() {
    header=$(head -n 1 "$WORK")
    case "$header" in
        order_id,settlement_id,gross,fee,net,currency*) return 0 ;;
        *) log "unexpected header: $header"; return 1 ;;
    esac
}

summarise() {
    awk -F, 'NR > 1 { gross += $3; fee += $4; net += $5; n++ }
        END { printf "rows=%d gross=%.2f fees=%.2f net=%.2f\n", n, gross, fee, net }' "$WORK"
}

if ! download; then
    log "could not download settlement for $REPORT_DATE"
    exit 2
fi

gunzip -c "$STAGING" > "$WORK"
if ! validate; then
    rm -f "$STAGING" "$WORK"
    exit 3
fi

target="$DEST_DIR/settlement_$REPORT_DATE.csv"
cp "$WORK" "$target"
log "stored $target: $(summarise)"
rm -f "$STAGING" "$WORK"
