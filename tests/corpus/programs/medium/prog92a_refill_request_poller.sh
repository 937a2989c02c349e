#!/usr/bin/env bash
# refill_request_poller.sh - poll the VetRx portal for pending prescription
# refill requests and push approved ones to the dispensing queue.
#
# Usage: ./refill_request_poller.sh [-o] [-c refill.conf] [-i seconds]
#   -o   run one polling cycle and exit
#   -c   config file (default ./refill.conf)
#   -i   polling interval in seconds (default 120)
#
# The portal still runs on the clinic's self-signed certificate.

set -euo pipefail

CONF="./refill.conf"
ONCE=0
INTERVAL=120

while getopts ":oc:i:" opt; do
  case "$opt" in
    o) ONCE=1 ;;
    c) CONF="$OPTARG" ;;
    i) INTERVAL="$OPTARG" ;;
    *) echo "usage: $0 [-o] [-c conf] [-i seconds]" >&2; exit 64 ;;
  esac
done

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

PORTAL="${PORTAL:-https://portal.vetrx-pharmacy.local}"
QUEUE_FILE="/tmp/vetrx_refill_queue.json"
LOG_DIR="./logs"
LOG_FILE="$LOG_DIR/refill_poller.log"
MAX_QTY="${MAX_QTY:-90}"

mkdir -p "$LOG_DIR"

log() {
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

require() {
  for bin in "$@"; do
    command -v "$bin" >/dev/null 2>&1 || { log ERROR "missing dependency: $bin"; exit 69; }
  done
}

api() {
  local method="$1" path="$2"; shift 2
  curl -sS -k --fail --max-time 30 \
       -X "$method" \
       -H "Authorization: Bearer ${VETRX_TOKEN:?VETRX_TOKEN not set}" \
       -H "Accept: application/json" \
       "$@" "${PORTAL}${path}"
}

fetch_pending() {
  local tries=0
  until api GET "/api/v2/refills?status=pending&limit=200" -o "$QUEUE_FILE"; do
    tries=$((tries + 1))
    if (( tries >= 3 )); then
      log ERROR "portal unreachable after $tries attempts"
      return 1
    fi
    sleep $((tries * 5))
  done
  log INFO "fetched $(jq '.items | length' "$QUEUE_FILE") pending refills"
}

decide() {
  # Auto-approve repeats of an existing script within the vet's limits;
  # anything else goes to the pharmacist's manual queue.
  local item="$1"
  local remaining qty controlled
  remaining=$(jq -r '.refills_remaining' <<<"$item")
  qty=$(jq -r '.quantity' <<<"$item")
  controlled=$(jq -r '.controlled_substance' <<<"$item")
  if [[ "$controlled" == "true" ]]; then
    echo "manual"
  elif (( remaining > 0 && qty <= MAX_QTY )); then
    echo "approve"
  else
    echo "manual"
  fi
}

process_queue() {
  local approved=0 manual=0
  while IFS= read -r item; do
    local id decision
    id=$(jq -r '.id' <<<"$item")
    decision=$(decide "$item")
    case "$decision" in
      approve)
        if api POST "/api/v2/refills/${id}/approve" \
             -H "Content-Type: application/json" \
             -d "{\"approved_by\":\"refill-bot\",\"note\":\"auto repeat\"}" >/dev/null; then
          approved=$((approved + 1))
          log INFO "approved refill $id"
        else
          log WARN "approve failed for $id"
        fi
        ;;
      manual)
        api POST "/api/v2/refills/${id}/assign" \
             -H "Content-Type: application/json" \
             -d '{"queue":"pharmacist"}' >/dev/null || log WARN "assign failed for $id"
        manual=$((manual + 1))
        ;;
    esac
  done < <(jq -c '.items[]' "$QUEUE_FILE")
  log INFO "cycle done: $approved approved, $manual to pharmacist"
}

main() {
  require curl jq
  log INFO "polling $PORTAL every ${INTERVAL}s"
  while :; do
    if fetch_pending; then
      process_queue
    fi
    (( ONCE )) && break
    sleep "$INTERVAL"
  done
}

main "$@"
