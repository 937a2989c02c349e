#!/usr/bin/env bash
# validator_service_restart.sh - restart the beacon node / validator client when
# the node has been stuck behind head for several consecutive checks.
#
# Meant to be run by the operator on the node host:
#   ./validator_service_restart.sh --beacon http://127.0.0.1:5052 --service lighthouse-beacon
#
# Options:
#   --beacon URL      beacon API (default http://127.0.0.1:5052)
#   --service NAME    systemd unit to restart (default lighthouse-beacon)
#   --checks N        consecutive bad checks before restarting (default 3)
#   --distance N      sync distance that counts as bad (default 8)
#   --dry-run         report only

set -euo pipefail

BEACON="http://127.0.0.1:5052"
SERVICE="lighthouse-beacon"
CHECKS=3
DISTANCE=8
DRY_RUN=0
STATE_FILE="./.restart-state"
ELEVATE="${ELEVATE:-sudo -n}"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --beacon) BEACON="$2"; shift 2 ;;
    --service) SERVICE="$2"; shift 2 ;;
    --checks) CHECKS="$2"; shift 2 ;;
    --distance) DISTANCE="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

ts() { date -u +%Y-%m-%dT%H:%M:%SZ; }
info() { echo "$(ts) INFO  $*"; }
warn() { echo "$(ts) WARN  $*" >&2; }

sync_distance() {
  local body
  body="$(curl -fsS --max-time 8 "$BEACON/eth/v1/node/syncing")" || { echo -1; return; }
  python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print(int(d["sync_distance"]))' <<<"$body"
}

peer_count() {
  curl -fsS --max-time 8 "$BEACON/eth/v1/node/peer_count" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["connected"])' 2>/dev/null || echo 0
}

bad_streak() { [[ -f "$STATE_FILE" ]] && cat "$STATE_FILE" || echo 0; }

restart_service() {
  local unit="$1"
  if [[ $DRY_RUN -eq 1 ]]; then
    info "dry-run: would restart $unit"
    return 0
  fi
  info "restarting $unit"
  $ELEVATE systemctl restart "$unit"
  sleep 20
  if $ELEVATE systemctl is-active --quiet "$unit"; then
    info "$unit is active again"
    $ELEVATE journalctl -u "$unit" -n 20 --no-pager || true
  else
    warn "$unit failed to come back"
    $ELEVATE systemctl status "$unit" --no-pager || true
    return 1
  fi
}

main() {
  local dist peers streak
  dist="$(sync_distance)"
  peers="$(peer_count)"
  streak="$(bad_streak)"

  if [[ "$dist" -lt 0 ]]; then
    warn "beacon API unreachable at $BEACON"
    streak=$((streak + 1))
  elif [[ "$dist" -gt "$DISTANCE" || "$peers" -lt 5 ]]; then
    warn "sync_distance=$dist peers=$peers"
    streak=$((streak + 1))
  else
    info "healthy: sync_distance=$dist peers=$peers"
    streak=0
  fi
  echo "$streak" > "$STATE_FILE"

  if [[ "$streak" -ge "$CHECKS" ]]; then
    warn "$streak consecutive bad checks"
    if restart_service "$SERVICE"; then
      echo 0 > "$STATE_FILE"
    else
      exit 2
    fi
  fi
}

main
