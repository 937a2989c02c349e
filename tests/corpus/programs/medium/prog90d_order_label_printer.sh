#!/usr/bin/env bash
# order_label_printer.sh - pull orders that already have a purchased
# shipping label from ShipHub and print the 4x6 labels on the packing
# station printer.  Run it by hand at the start of a packing session.
#
# Settings come from ~/.config/label-printer/printer.conf, e.g.
#   SHIPHUB_TOKEN=sh_live_...
#   PRINTER=Zebra_ZD420
#   STORE_ID=knotty-yarns
set -euo pipefail

CONF="${LABEL_PRINTER_CONF:-$HOME/.config/label-printer/printer.conf}"
# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

SHIPHUB_API="${SHIPHUB_API:-https://api.shiphub.example/v2}"
PRINTER="${PRINTER:-Zebra_ZD420}"
STORE_ID="${STORE_ID:?STORE_ID not set in $CONF}"
SPOOL="/tmp/label-spool"
STATE="$SPOOL/printed.ids"
LOG="$SPOOL/printer.log"
COPIES="${COPIES:-1}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-p printer] [-c copies]" >&2
    exit 64
}

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { echo "missing dependency: $bin" >&2; exit 69; }
    done
}

api() {
    curl -fsS --retry 3 --retry-delay 2 --max-time 30 \
        -H "Authorization: Bearer ${SHIPHUB_TOKEN:?SHIPHUB_TOKEN not set}" \
        -H "Accept: application/json" "$@"
}

fetch_orders() {
    api "$SHIPHUB_API/stores/$STORE_ID/orders?status=label_purchased&limit=100" \
        -o "$SPOOL/orders.json"
    jq -r '.orders[] | [.id, .label_url, .recipient.name] | @tsv' "$SPOOL/orders.json"
}

print_label() {
    local id="$1" url="$2" name="$3" pdf="$SPOOL/$1.pdf"
    if grep -qx "$id" "$STATE" 2>/dev/null; then
        return 0
    fi
    api "$url" -o "$pdf"
    if ! head -c 4 "$pdf" | grep -q '%PDF'; then
        log "order $id: label is not a PDF, skipping"
        return 1
    fi
    if (( DRY_RUN )); then
        log "order $id ($name): would print $pdf"
        return 0
    fi
    lp -d "$PRINTER" -n "$COPIES" -o media=w288h432 -o fit-to-page "$pdf" >/dev/null
    echo "$id" >> "$STATE"
    api -X POST "$SHIPHUB_API/stores/$STORE_ID/orders/$id/events" \
        -H "Content-Type: application/json" -d '{"type":"label_printed"}' >/dev/null || true
    log "order $id ($name): printed"
}

main() {
    while getopts "np:c:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            p) PRINTER="$OPTARG" ;;
            c) COPIES="$OPTARG" ;;
            *) usage ;;
        esac
    done

    need curl jq lp
    mkdir -p "$SPOOL"
    touch "$STATE"

    if ! lpstat -p "$PRINTER" >/dev/null 2>&1; then
        log "printer $PRINTER not found; check 'lpstat -p'"
        exit 1
    fi

    local printed=0 failed=0
    while IFS=$'\t' read -r id url name; do
        [[ -z "$id" ]] && continue
        if print_label "$id" "$url" "$name"; then
            printed=$((printed + 1))
        else
            failed=$((failed + 1))
        fi
    done < <(fetch_orders)

    find "$SPOOL" -name '*.pdf' -mtime +7 -delete
    log "session done: $printed handled, $failed failed"
}

main "$@"
