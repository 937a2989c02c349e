#!/usr/bin/env bash
# cart_gps_forwarder.sh - read fixes from the on-cart gpsd and forward them to
# the clubhouse dispatch board. Runs on each cart's Raspberry Pi under the
# "cart" account, started by the cart image's rc.local.
#
#   cart_gps_forwarder.sh [-c relay.conf] [-i interval] [-b batch]
#
set -uo pipefail

CONF="${CART_RELAY_CONF:-/opt/cartrelay/relay.conf}"
CART_ID="${CART_ID:-$(hostname -s)}"
DISPATCH_URL="${DISPATCH_URL:-https://dispatch.oakridgegc.example/api/carts/positions}"
BATCH_SIZE="${BATCH_SIZE:-10}"
INTERVAL="${INTERVAL:-15}"
SPOOL="/tmp/cartrelay.spool"
LOG_TAG="cart-forwarder"

log() {
    printf '%s [%s] %s\n' "$(date -Is)" "$CART_ID" "$*" >&2
    logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-c conf] [-i interval] [-b batch]
  -c  config file (default $CONF)
  -i  seconds between uploads (default $INTERVAL)
  -b  fixes per upload (default $BATCH_SIZE)
EOF
}

while getopts "c:i:b:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        b) BATCH_SIZE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

for dep in gpspipe jq curl; do
    command -v "$dep" >/dev/null 2>&1 || { log "missing dependency: $dep"; exit 69; }
done

collect_fixes() {
    gpspipe -w -n $((BATCH_SIZE * 4)) 2>/dev/null \
        | jq -c --arg cart "$CART_ID" \
            'select(.class=="TPV" and (.mode // 0) >= 2)
             | {cart: $cart, t: .time, lat: .lat, lon: .lon,
                speed: (.speed // 0), heading: (.track // null)}' \
        | head -n "$BATCH_SIZE"
}

post_batch() {
    local body code
    body=$(jq -cs '{positions: .}' "$SPOOL") || return 1
    code=$(curl -sS -k --max-time 10 -o /dev/null -w '%{http_code}' \
        -H 'Content-Type: application/json' \
        -H "X-Cart-Id: $CART_ID" \
        --data "$body" "$DISPATCH_URL") || return 1
    [ "$code" -lt 300 ]
}

trap 'log "forwarder stopping"' EXIT
trap 'exit 0' INT TERM

main() {
    log "forwarder starting -> $DISPATCH_URL (batch=$BATCH_SIZE every ${INTERVAL}s)"
    local failures=0
    while :; do
        collect_fixes >>"$SPOOL"
        if [ -s "$SPOOL" ]; then
            if post_batch; then
                : >"$SPOOL"
                failures=0
            else
                failures=$((failures + 1))
                log "upload failed ($failures), keeping $(wc -l <"$SPOOL") fixes spooled"
                if [ "$(wc -l <"$SPOOL")" -gt 2000 ]; then
                    tail -n 1000 "$SPOOL" >"$SPOOL.tmp" && mv "$SPOOL.tmp" "$SPOOL"
                fi
            fi
        fi
        sleep "$INTERVAL"
    done
}

main
