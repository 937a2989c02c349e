#!/usr/bin/env bash
# validator_status_report.sh - check a local Solana validator against a reference
# cluster RPC and write a status report into ./reports.
#
# Usage: validator_status_report.sh [-r LOCAL_RPC] [-R REFERENCE_RPC] [-l MAX_LAG] [-q]
#
# Environment:
#   VALIDATOR_IDENTITY   identity pubkey (default: read from ~/validator-keypair.json via solana-keygen)
#   REPORT_DIR           where to write reports (default: ./reports)

set -euo pipefail

LOCAL_RPC="http://127.0.0.1:8899"
REFERENCE_RPC="https://api.mainnet-beta.solana.com"
MAX_LAG=150
QUIET=0
REPORT_DIR="${REPORT_DIR:-./reports}"

while getopts "r:R:l:qh" opt; do
  case "$opt" in
    r) LOCAL_RPC="$OPTARG" ;;
    R) REFERENCE_RPC="$OPTARG" ;;
    l) MAX_LAG="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 64 ;;
  esac
done

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/status-$(date -u +%Y%m%d).log"

log() {
  local line
  line="$(date -u +%Y-%m-%dT%H:%M:%SZ) $*"
  echo "$line" >> "$REPORT"
  [[ $QUIET -eq 1 ]] || echo "$line"
}

rpc() {
  local url="$1" method="$2" params="${3:-[]}"
  curl -sS --max-time 10 -H 'Content-Type: application/json' \
    -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"${method}\",\"params\":${params}}" \
    "$url"
}

identity() {
  if [[ -n "${VALIDATOR_IDENTITY:-}" ]]; then
    echo "$VALIDATOR_IDENTITY"
  elif command -v solana-keygen >/dev/null 2>&1 && [[ -f "$HOME/validator-keypair.json" ]]; then
    solana-keygen pubkey "$HOME/validator-keypair.json"
  else
    echo ""
  fi
}

prune_reports() {
  # keep two weeks of daily reports
  local old
  for old in $(ls -1t "$REPORT_DIR"/status-*.log 2>/dev/null | tail -n +15); do
    rm -f -- "$old"
  done
}

main() {
  command -v jq >/dev/null || { echo "jq is required" >&2; exit 69; }

  local health local_slot ref_slot lag id delinquent
  health="$(rpc "$LOCAL_RPC" getHealth | jq -r '.result // .error.message')" || health="unreachable"
  local_slot="$(rpc "$LOCAL_RPC" getSlot | jq -r '.result // 0')" || local_slot=0
  ref_slot="$(rpc "$REFERENCE_RPC" getSlot | jq -r '.result // 0')" || ref_slot=0
  lag=$(( ref_slot - local_slot ))

  id="$(identity)"
  delinquent="unknown"
  if [[ -n "$id" ]]; then
    delinquent="$(rpc "$REFERENCE_RPC" getVoteAccounts \
      | jq -r --arg id "$id" '[.result.delinquent[] | select(.nodePubkey==$id)] | length > 0')"
  fi

  local status="OK"
  if [[ "$health" != "ok" || $lag -gt $MAX_LAG || "$delinquent" == "true" ]]; then
    status="WARN"
  fi
  log "$status health=$health local_slot=$local_slot ref_slot=$ref_slot lag=$lag delinquent=$delinquent"

  prune_reports

  [[ "$status" == "OK" ]]
}

main "$@"
