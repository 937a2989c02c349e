#!/usr/bin/env bash
# Keep guest Wi-Fi clients away from the smart-room controller VLAN while
# still letting them out to the internet. Idempotent: rules are only added
# when missing, nothing existing is flushed.
set -euo pipefail

GUEST_IF="${GUEST_IF:-wlan0.30}"
WAN_IF="${WAN_IF:-eth0}"
CTRL_NET="${CTRL_NET:-192.0.2.0/24}"
GUEST_NET="${GUEST_NET:-198.51.100.0/24}"
PORTAL_HOST="${PORTAL_HOST:-203.0.113.10}"
DRY_RUN=0
LOG_FILE="./vlan-isolation.log"

FWD_KEY=(net ipv4 ip_forward)
REDIRECT_KEY=(net ipv4 conf all send_redirects)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
  echo "usage: $0 [-n] [-g guest_if] [-w wan_if]" >&2
}

while getopts ":ng:w:h" o; do
  case "$o" in
    n) DRY_RUN=1 ;;
    g) GUEST_IF="$OPTARG" ;;
    w) WAN_IF="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

elevated() {
  if (( DRY_RUN )); then
    echo "would run: $*"
    return 0
  fi
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

sysctl_key() {
  local IFS=.
  echo "$*"
}

ensure_rule() {
  # iptables -C exits non-zero when the rule is absent
  local table="$1"; shift
  local chain="$1"; shift
  if elevated iptables -t "$table" -C "$chain" "$@" 2>/dev/null && (( ! DRY_RUN )); then
    log "present: $table/$chain $*"
  else
    elevated iptables -t "$table" -A "$chain" "$@"
    log "added:   $table/$chain $*"
  fi
}

set_kernel() {
  elevated sysctl -q -w "$(sysctl_key "${FWD_KEY[@]}")=1"
  elevated sysctl -q -w "$(sysctl_key "${REDIRECT_KEY[@]}")=0"
  log "forwarding on, redirects off"
}

apply_rules() {
  # guests may reach the captive portal and the internet, nothing else local
  ensure_rule filter FORWARD -i "$GUEST_IF" -d "$CTRL_NET" -j DROP
  ensure_rule filter FORWARD -i "$GUEST_IF" -d "$PORTAL_HOST" -p tcp --dport 443 -j ACCEPT
  ensure_rule filter FORWARD -i "$GUEST_IF" -o "$WAN_IF" -j ACCEPT
  ensure_rule filter FORWARD -i "$WAN_IF" -o "$GUEST_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  ensure_rule filter INPUT -i "$GUEST_IF" -p tcp --dport 22 -j DROP
  ensure_rule filter INPUT -i "$GUEST_IF" -p udp --dport 67 -j ACCEPT
  ensure_rule nat POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE
}

verify() {
  (( DRY_RUN )) && return 0
  local drops
  drops="$(elevated iptables -S FORWARD | grep -c -- "-d $CTRL_NET")" || true
  if (( drops < 1 )); then
    log "ERROR: controller VLAN drop rule missing after apply"
    return 1
  fi
  log "verified: $drops controller rule(s) in FORWARD"
}

log "isolating $GUEST_IF ($GUEST_NET) from $CTRL_NET, wan=$WAN_IF"
set_kernel
apply_rules
verify
