#!/usr/bin/env bash
# booking_portal_firewall.sh - let clients reach the online booking portal
# running on the studio's mini PC, with basic per-IP rate limiting so a
# scraper cannot hammer the deposit form.
#
# Rules live in their own chain (STUDIO_PORTAL) hooked from INPUT, so the
# distro's existing rules are left alone.  Re-running the script rebuilds the
# chain from ./portal_firewall.conf.

set -euo pipefail

CONF="${CONF:-./portal_firewall.conf}"
CHAIN="STUDIO_PORTAL"
PORTAL_PORTS="443 8443"
ADMIN_NET="192.168.1.0/24"
RATE="30/minute"
BURST=60
PERSIST=1

[[ -r "$CONF" ]] && . "$CONF"

log() { logger -t portal-firewall -- "$*"; echo "$*"; }

ipt() {
  if [[ $EUID -eq 0 ]]; then
    iptables -w 5 "$@"
  else
    sudo -n iptables -w 5 "$@"
  fi
}

chain_exists() { ipt -n -L "$CHAIN" >/dev/null 2>&1; }

build_chain() {
  if chain_exists; then
    ipt -F "$CHAIN"
  else
    ipt -N "$CHAIN"
  fi

  ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN
  ipt -A "$CHAIN" -s "$ADMIN_NET" -p tcp --dport 22 -j ACCEPT

  local port
  for port in $PORTAL_PORTS; do
    ipt -A "$CHAIN" -p tcp --dport "$port" --syn \
      -m hashlimit --hashlimit-name "portal$port" --hashlimit-mode srcip \
      --hashlimit-upto "$RATE" --hashlimit-burst "$BURST" -j ACCEPT
    ipt -A "$CHAIN" -p tcp --dport "$port" --syn -j DROP
    log "port $port open at $RATE per source"
  done
  ipt -A "$CHAIN" -j RETURN

  if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -j "$CHAIN"
  fi
}

persist_rules() {
  local dest=/etc/iptables/rules.v4
  if command -v iptables-save >/dev/null; then
    sudo mkdir -p "$(dirname "$dest")"
    sudo iptables-save | sudo tee "$dest" >/dev/null
    log "saved ruleset to $dest"
  else
    log "iptables-save missing, rules will not survive a reboot"
  fi
}

show() {
  ipt -n -v -L "$CHAIN" --line-numbers
}

case "${1:-apply}" in
  apply)
    build_chain
    [[ "$PERSIST" == "1" ]] && persist_rules
    show
    ;;
  show)
    show
    ;;
  remove)
    ipt -D INPUT -j "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN" 2>/dev/null || true
    ipt -X "$CHAIN" 2>/dev/null || true
    log "portal chain removed"
    ;;
  *)
    echo "usage: $0 [apply|show|remove]" >&2
    exit 2
    ;;
esac
