#!/usr/bin/env bash
# press_station_provision.sh - sets up a new finishing/press station PC:
# installs the label printer stack, adds the shop's internal hostnames and
# lets the station user print tickets without asking the manager.
set -euo pipefail

STATION_USER="${STATION_USER:-presser}"
PRINT_SERVER_IP="${PRINT_SERVER_IP:-192.0.2.15}"
POS_SERVER_IP="${POS_SERVER_IP:-192.0.2.10}"
PACKAGES=(cups printer-driver-dymo python3-venv)

info() { echo "==> $*"; }

# privileged helper: everything below needs admin rights on the station
as_admin() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo -- "$@"
  fi
}

install_packages() {
  info "installing ${PACKAGES[*]}"
  as_admin apt-get update -qq
  as_admin apt-get install -y -qq "${PACKAGES[@]}"
}

add_host_entry() {
  local ip="$1" name="$2"
  if grep -qE "[[:space:]]$name(\$|[[:space:]])" /etc/hosts; then
    info "hosts entry for $name already present"
    return
  fi
  printf '%s\t%s\n' "$ip" "$name" | as_admin tee -a /etc/hosts >/dev/null
  info "added $name -> $ip"
}

configure_hosts() {
  add_host_entry "$PRINT_SERVER_IP" "printhub.shop.internal"
  add_host_entry "$POS_SERVER_IP" "pos.shop.internal"
}

grant_print_group() {
  if id -nG "$STATION_USER" | grep -qw lpadmin; then
    info "$STATION_USER already in lpadmin"
  else
    as_admin usermod -aG lpadmin,lp "$STATION_USER"
    info "$STATION_USER added to lpadmin,lp"
  fi
}

configure_cups() {
  local conf="/etc/cups/cupsd.conf"
  if [[ -f "$conf" ]] && ! grep -q '^Browsing On' "$conf"; then
    as_admin sed -i 's/^Browsing Off/Browsing On/' "$conf"
  fi
  as_admin lpadmin -p TicketPrinter -E -v "ipp://printhub.shop.internal/printers/tickets" -m everywhere || true
  as_admin systemctl restart cups
  info "cups restarted with TicketPrinter queue"
}

main() {
  install_packages
  configure_hosts
  grant_print_group
  configure_cups
  info "press station ready for $STATION_USER"
}

main "$@"
