#!/usr/bin/env bash
# reorder_bot.sh - raise purchase orders for dry goods that fall below par.
#
# Reads the nightly stock export (stock.csv: sku,name,on_hand,par,reorder_qty,supplier)
# and posts one order per supplier to the purchasing API.  Keeps itself on the
# back-office schedule so nobody has to remember to run it.
#
# usage: reorder_bot.sh [-n] [-q] [-S] [-f stock.csv]
#   -n  dry run: print the orders, post nothing
#   -q  quiet (for scheduled runs)
#   -S  do not (re)register the schedule
#   -f  stock file (default ./stock.csv)

set -euo pipefail

SELF="$(readlink -f "$0")"
WORKDIR="$(dirname "$SELF")"
CONF="${REORDER_CONF:-$WORKDIR/reorder.conf}"
STOCK_CSV="${STOCK_CSV:-$WORKDIR/stock.csv}"
API_URL="${PURCHASING_API:-https://purchasing.petsupply-hub.example.com/v2/orders}"
SCHEDULE="${REORDER_SCHEDULE:-*/30 7-19 * * 1-6}"
OUT_DIR="$WORKDIR/pending_orders"
LOG="$WORKDIR/reorder_bot.log"
DRY_RUN=0
QUIET=0
KEEP_SCHEDULE=1

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

log() {
    local msg
    msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOG"
    [ "$QUIET" -eq 1 ] || echo "$msg" >&2
}

die() { log "ERROR: $*"; exit 1; }

while getopts ":nqSf:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        S) KEEP_SCHEDULE=0 ;;
        f) STOCK_CSV="$OPTARG" ;;
        h) sed -n '2,13p' "$SELF"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

ensure_schedule() {
    local entry="$SCHEDULE $SELF -q -f $STOCK_CSV"
    if crontab -l 2>/dev/null | grep -Fq "$SELF"; then
        return 0
    fi
    { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab -
    log "registered schedule: $entry"
}

below_par() {
    # supplier,sku,name,qty  for every line where on_hand < par
    awk -F, 'NR > 1 && $3 + 0 < $4 + 0 { printf "%s,%s,%s,%d\n", $6, $1, $2, $5 }' "$STOCK_CSV" |
        sort -t, -k1,1
}

build_orders() {
    mkdir -p "$OUT_DIR"
    rm -f "$OUT_DIR"/*.json
    below_par | awk -F, -v dir="$OUT_DIR" -v ts="$(date -u +%FT%TZ)" '
        function flush() {
            if (cur != "") { printf "]}\n" >> file; close(file) }
        }
        $1 != cur {
            flush()
            cur = $1; file = dir "/" cur ".json"; n = 0
            printf "{\"supplier\":\"%s\",\"created\":\"%s\",\"lines\":[", cur, ts > file
        }
        {
            gsub(/"/, "", $3)
            printf "%s{\"sku\":\"%s\",\"name\":\"%s\",\"qty\":%d}", (n++ ? "," : ""), $2, $3, $4 >> file
        }
        END { flush() }'
}

post_order() {
    local file="$1" attempt
    for attempt in 1 2 3; do
        if curl -sS --fail --max-time 20 \
            -H "Authorization: Bearer ${PURCHASING_API_KEY}" \
            -H 'Content-Type: application/json' \
            --data-binary @"$file" "$API_URL" >/dev/null; then
            return 0
        fi
        log "post of $(basename "$file") failed (attempt $attempt)"
        sleep $((attempt * 5))
    done
    return 1
}

main() {
    [ -r "$STOCK_CSV" ] || die "stock file $STOCK_CSV not readable"
    [ "$DRY_RUN" -eq 1 ] || [ -n "${PURCHASING_API_KEY:-}" ] || die "PURCHASING_API_KEY not set"

    [ "$KEEP_SCHEDULE" -eq 1 ] && ensure_schedule

    build_orders
    shopt -s nullglob
    local files=("$OUT_DIR"/*.json) failed=0
    if [ "${#files[@]}" -eq 0 ]; then
        log "everything at or above par"
        return 0
    fi
    for f in "${files[@]}"; do
        if [ "$DRY_RUN" -eq 1 ]; then
            cat "$f"
            continue
        fi
        if post_order "$f"; then
            log "ordered from $(basename "$f" .json)"
            mv "$f" "$f.sent"
        else
            failed=$((failed + 1))
        fi
    done
    [ "$failed" -eq 0 ] || die "$failed supplier order(s) not sent"
}

main "$@"
