#!/bin/sh
# Push today's fuel prices to the forecourt price sign controller.
#
# Head office publishes prices on the pricing portal each morning. We pull
# the site's row, render the sign controller's price file, and upload it to
# the sign controller, which only speaks plain FTP.

PORTAL="${PRICE_PORTAL:-https://pricing.example.com/api/site}"
SITE_ID="${SITE_ID:-MSA042}"
SIGN_HOST="${SIGN_HOST:-10.20.1.50}"
SIGN_USER="${SIGN_USER:-sign}"
SIGN_PASS="${SIGN_PASS:-sign}"
WORK="/tmp/fuel_prices"
RAW="$WORK/prices.json"
OUT="$WORK/PRICES.DAT"

log() {
    echo "$(date '+%F %T') fuel-price: $*"
}

fail() {
    log "ERROR: $*"
    exit 1
}

fetch_prices() {
    mkdir -p "$WORK"
    # portal cert is issued by the head office CA which the PC doesn't trust
    curl -sS -k --max-time 20 -o "$RAW" "$PORTAL/$SITE_ID/prices" \
        || fail "could not download prices"
    [ -s "$RAW" ] || fail "empty price file"
}

field() {
    # tiny json picker, portal output is flat
    sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\([0-9.]*\).*/\1/p" "$RAW" | head -n1
}

render() {
    unl=$(field unleaded)
    dsl=$(field diesel)
    sup=$(field super_unleaded)
    for v in "$unl" "$dsl" "$sup"; do
        case "$v" in
            ''|*[!0-9.]*) fail "bad price value '$v'" ;;
        esac
    done
    {
        printf 'U %s\r\n' "$unl"
        printf 'D %s\r\n' "$dsl"
        printf 'S %s\r\n' "$sup"
        printf 'T %s\r\n' "$(date +%H%M)"
    } >"$OUT"
    log "rendered U=$unl D=$dsl S=$sup"
}

upload() {
    ftp -inv "$SIGN_HOST" <<EOF >"$WORK/ftp.log" 2>&1
user $SIGN_USER $SIGN_PASS
binary
put $OUT PRICES.DAT
bye
EOF
    if grep -q "^226" "$WORK/ftp.log"; then
        log "sign updated"
    else
        log "upload may have failed, see $WORK/ftp.log"
        return 1
    fi
}

case "${1:-}" in
    --render-only)
        fetch_prices
        render
        cat "$OUT"
        ;;
    -h|--help)
        echo "usage: $0 [--render-only]"
        ;;
    *)
        fetch_prices
        render
        upload || exit 1
        ;;
esac
