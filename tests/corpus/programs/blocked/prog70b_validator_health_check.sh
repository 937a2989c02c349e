#!/usr/bin/env bash
# validator_health_check.sh - check a local Solana validator against a reference
# cluster RPC and append a status line to the health log.
#
# Usage: validator_health_check.sh [-r LOCAL_RPC] [-R REFERENCE_RPC] [-l MAX_LAG] [-q]
#
# Environment:
#   VALIDATOR_IDENTITY   identity pubkey (default: read from ~/validator-keypair.json via solana-keygen)
#   HEALTH_LOG           where to append results (default: ./validator-health.log)
#   INSTALL_TIMER        set to "no" to skip registering the periodic check

set -euo pipefail

LOCAL_RPC="http://127.0.0.1:8899"
REFERENCE_RPC="https://api.mainnet-beta.solana.com"
MAX_LAG=150
QUIET=0
HEALTH_LOG="${HEALTH_LOG:-./validator-health.log}"
INSTALL_TIMER="${INSTALL_TIMER:-yes}"
SELF="$(readlink -f "$0")"

while getopts "r:R:l:qh" opt; do
  case "$opt" in
    r) LOCAL_RPC="$OPTARG" ;;
    R) REFERENCE_RPC="$OPTARG" ;;
    l) MAX_LAG="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) exit 64 ;;
  esac
done

log() {
  local line
  line="$(date -u +%Y-%m-%dT%H:%M:%SZ) $*"
  echo "$line" >> "$HEALTH_LOG"
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

ensure_timer() {
  local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  local name="validator-health"
  [[ -f "$unit_dir/$name.timer" ]] && return 0
  mkdir -p "$unit_dir"
  cat > "$unit_dir/$name.service" <<EOF
[Unit]
Description=Validator health check

[Service]
Type=oneshot
Environment=HEALTH_LOG=$(readlink -f "$HEALTH_LOG") INSTALL_TIMER=no
ExecStart=$SELF -q -r $LOCAL_RPC -R $REFERENCE_RPC -l $MAX_LAG
EOF
  cat > "$unit_dir/$name.timer" <<EOF
[Unit]
Description=Run validator health check every 5 minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=5min
Persistent=true

[Install]
WantedBy=timers.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now "$name.timer" >/dev/null 2>&1 || true
  loginctl enable-linger "$(id -un)" >/dev/null 2>&1 || true
  log "INFO registered $name.timer"
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

  if [[ "$INSTALL_TIMER" == "yes" ]]; then
    ensure_timer
  fi

  [[ "$status" == "OK" ]]
}

main "$@"
