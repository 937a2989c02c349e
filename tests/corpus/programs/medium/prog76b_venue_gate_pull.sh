#!/usr/bin/env bash
# venue_gate_pull.sh - pull the current ticket/badge allowlist from the venue
# access controller and stage it for the gate readers.
#
# Usage: venue_gate_pull.sh [-c config] [-n] [-v]
#   -c  config file (default: ./gate_sync.conf)
#   -n  dry run, do not stage files
#   -v  verbose
set -euo pipefail

CONFIG="./gate_sync.conf"
DRY_RUN=0
VERBOSE=0

while getopts "c:nvh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 64 ;;
  esac
done

# defaults, overridable from the config file
CONTROLLER_URL="https://acs.example.net/api/v1"
VENUE_ID="main-arena"
GATES="north south vip"
STAGE_DIR="./stage"
WORK_DIR="/tmp/gate_sync"

if [[ -f "$CONFIG" ]]; then
  # shellcheck disable=SC1090
  . "$CONFIG"
fi

log()  { printf '%s [gate-pull] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

: "${ACS_TOKEN:?ACS_TOKEN must be set in the environment}"

fetch_allowlist() {
  local gate="$1" out="$2" attempt=0
  while (( attempt < 3 )); do
    attempt=$((attempt + 1))
    dbg "fetching allowlist for $gate (attempt $attempt)"
    # controller ships with a self-signed certificate
    if curl -sSk --fail --max-time 20 \
        -H "Authorization: Bearer ${ACS_TOKEN}" \
        -H "Accept: text/csv" \
        "${CONTROLLER_URL}/venues/${VENUE_ID}/gates/${gate}/allowlist" \
        -o "$out"; then
      return 0
    fi
    sleep $((attempt * 2))
  done
  return 1
}

validate_csv() {
  local f="$1"
  head -n1 "$f" | grep -q '^barcode,holder,valid_from,valid_to' || return 1
  awk -F, 'NR>1 && NF!=4 {bad=1} END {exit bad}' "$f"
}

main() {
  mkdir -p "$STAGE_DIR" "$WORK_DIR"
  local work="$WORK_DIR"

  local failed=0 gate
  for gate in $GATES; do
    local tmp="$work/${gate}.csv"
    if ! fetch_allowlist "$gate" "$tmp"; then
      log "could not fetch allowlist for gate $gate"
      failed=$((failed + 1))
      continue
    fi
    if ! validate_csv "$tmp"; then
      log "allowlist for $gate failed validation, keeping previous copy"
      failed=$((failed + 1))
      continue
    fi
    local rows
    rows=$(( $(wc -l < "$tmp") - 1 ))
    if [[ $DRY_RUN -eq 1 ]]; then
      log "dry run: $gate would receive $rows entries"
      continue
    fi
    cp -f "$tmp" "$STAGE_DIR/${gate}.csv"
    sha256sum "$STAGE_DIR/${gate}.csv" > "$STAGE_DIR/${gate}.csv.sha256"
    log "staged $rows entries for $gate"
  done

  (( failed == 0 )) || die "$failed gate(s) not synced"
  log "sync complete for venue $VENUE_ID"
}

main "$@"
