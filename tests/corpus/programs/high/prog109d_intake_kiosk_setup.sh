#!/bin/sh
# Provision an intake-desk PC for the shelter.
#
# Installs the label printer driver and browser, points the intake app's
# hostname at the local server, lets the label printer's subnet reach CUPS,
# and adds the desk account to the printer admin group. Safe to re-run.
#
# usage: intake_kiosk_setup.sh [settings.env]

set -eu

SETTINGS=${1:-./kiosk_settings.env}
if [ -r "$SETTINGS" ]; then
    # shellcheck disable=SC1090
    . "$SETTINGS"
fi

INTAKE_SERVER_IP=${INTAKE_SERVER_IP:-192.168.20.5}
INTAKE_HOSTNAME=${INTAKE_HOSTNAME:-intake.shelter.lan}
PRINTER_SUBNET=${PRINTER_SUBNET:-192.168.20.0/24}
DESK_USER=${DESK_USER:-$(id -un)}
PACKAGES="chromium cups printer-driver-ptouch python3-requests"

info() { printf '==> %s\n' "$*"; }
warn() { printf '!!  %s\n' "$*" >&2; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
    info "some steps need admin rights; you may be asked for your password"
    $AS_ROOT -v || { warn "sudo unavailable"; exit 1; }
fi

install_packages() {
    info "installing: $PACKAGES"
    $AS_ROOT apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $AS_ROOT apt-get install -y -qq $PACKAGES
}

pin_intake_host() {
    if grep -qE "[[:space:]]$INTAKE_HOSTNAME(\$|[[:space:]])" /etc/hosts; then
        info "$INTAKE_HOSTNAME already in /etc/hosts"
        $AS_ROOT sed -i "s/^.*[[:space:]]$INTAKE_HOSTNAME\$/$INTAKE_SERVER_IP\t$INTAKE_HOSTNAME/" /etc/hosts
    else
        info "adding $INTAKE_HOSTNAME -> $INTAKE_SERVER_IP"
        printf '%s\t%s\n' "$INTAKE_SERVER_IP" "$INTAKE_HOSTNAME" | $AS_ROOT tee -a /etc/hosts >/dev/null
    fi
}

open_printer_port() {
    if $AS_ROOT iptables -C INPUT -p tcp -s "$PRINTER_SUBNET" --dport 631 -j ACCEPT 2>/dev/null; then
        info "CUPS rule already present"
    else
        info "allowing IPP from $PRINTER_SUBNET"
        $AS_ROOT iptables -I INPUT -p tcp -s "$PRINTER_SUBNET" --dport 631 -j ACCEPT
    fi
}

configure_cups() {
    conf=/etc/cups/cupsd.conf
    if ! grep -q '^Browsing On' "$conf"; then
        $AS_ROOT sed -i 's/^Browsing Off/Browsing On/' "$conf"
    fi
    $AS_ROOT usermod -aG lpadmin "$DESK_USER"
    $AS_ROOT systemctl restart cups
    info "cups restarted; $DESK_USER can now manage printers"
}

check_server() {
    if command -v curl >/dev/null 2>&1; then
        if curl -fsS --max-time 5 "http://$INTAKE_HOSTNAME/health" >/dev/null; then
            info "intake server reachable"
        else
            warn "intake server did not answer on http://$INTAKE_HOSTNAME/health"
        fi
    fi
}

install_packages
pin_intake_host
open_printer_port
configure_cups
check_server
info "done - log out and back in for group changes to apply"
