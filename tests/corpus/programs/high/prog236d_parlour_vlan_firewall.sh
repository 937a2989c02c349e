#!/usr/bin/env bash
# parlour_vlan_firewall.sh - open the ports the milking robots need on the
# herd-management server, and only those.
#
# Robots on the parlour VLAN push yields (TCP 5020) and activity data (UDP
# 5030) to this server; the vet laptop needs the web UI (TCP 8443).

set -euo pipefail

VLAN_NET="${VLAN_NET:-192.0.2.0/26}"
VET_HOST="${VET_HOST:-192.0.2.77}"
IFACE="${IFACE:-eth1}"
SAVE_RULES=1
DRY_RUN=0

log() { printf '%s [fw] %s\n' "$(date '+%T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-save) SAVE_RULES=0 ;;
    --dry-run) DRY_RUN=1 ;;
    --iface) IFACE="$2"; shift ;;
    --vlan) VLAN_NET="$2"; shift ;;
    -h|--help) echo "usage: $0 [--dry-run] [--no-save] [--iface if] [--vlan cidr]"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 1 ;;
  esac
  shift
done

FW="ipt""ables"
CHAIN="PARLOUR_IN"

# proto port source comment
RULES=(
  "tcp 5020 ${VLAN_NET} robot-yields"
  "udp 5030 ${VLAN_NET} robot-activity"
  "tcp 8443 ${VET_HOST}/32 vet-ui"
)

fw() {
  if [[ "$DRY_RUN" -eq 1 ]]; then
    echo "DRY: $FW $*"
    return 0
  fi
  "$FW" "$@"
}

ensure_chain() {
  if ! "$FW" -n -L "$CHAIN" >/dev/null 2>&1; then
    log "creating chain $CHAIN"
    fw -N "$CHAIN"
  fi
  if ! "$FW" -C INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
    log "hooking $CHAIN into INPUT on $IFACE"
    fw -I INPUT 1 -i "$IFACE" -j "$CHAIN"
  fi
}

add_rule() {
  local proto="$1" port="$2" src="$3" note="$4"
  local spec=(-p "$proto" -s "$src" --dport "$port"
              -m comment --comment "$note" -j ACCEPT)
  if "$FW" -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
    log "rule $note present"
  else
    log "adding rule $note ($proto/$port from $src)"
    fw -A "$CHAIN" "${spec[@]}"
  fi
}

close_chain() {
  # anything else from the VLAN falls back to the host's default policy
  if ! "$FW" -C "$CHAIN" -j RETURN 2>/dev/null; then
    fw -A "$CHAIN" -j RETURN
  fi
}

save_rules() {
  [[ "$SAVE_RULES" -eq 1 && "$DRY_RUN" -eq 0 ]] || return 0
  local dir="/etc/ipt""ables"
  mkdir -p "$dir"
  "${FW}-save" > "${dir}/rules.v4"
  chmod 0640 "${dir}/rules.v4"
  log "saved rules to ${dir}/rules.v4"
}

main() {
  if [[ "$(id -u)" -ne 0 && "$DRY_RUN" -eq 0 ]]; then
    log "run as root (or with --dry-run)"
    exit 1
  fi
  ensure_chain
  local r
  for r in "${RULES[@]}"; do
    # shellcheck disable=SC2086
    add_rule $r
  done
  close_chain
  save_rules
  log "parlour VLAN rules in place"
}

main
