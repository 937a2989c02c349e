#!/bin/sh
# cups_label_server_setup.sh - turn a spare Raspberry Pi / mini PC in the
# studio into a shared CUPS server for the thermal label printer, so every
# laptop at the packing table can print 4x6 shipping labels to it.
#
# Usage: ./cups_label_server_setup.sh [-u packer] [-s 192.168.1.0/24]
set -eu

PACK_USER="${SUDO_USER:-$(id -un)}"
SUBNET="192.168.1.0/24"
QUEUE="packing_zebra"
DEVICE_URI=""

while getopts "u:s:q:d:h" opt; do
    case "$opt" in
        u) PACK_USER="$OPTARG" ;;
        s) SUBNET="$OPTARG" ;;
        q) QUEUE="$OPTARG" ;;
        d) DEVICE_URI="$OPTARG" ;;
        *) echo "usage: $0 [-u user] [-s subnet] [-q queue] [-d device-uri]" >&2; exit 64 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
    $AS_ROOT -v || { echo "this script needs sudo rights" >&2; exit 1; }
fi

info() { printf '==> %s\n' "$*"; }

install_packages() {
    info "installing CUPS and label printer drivers"
    $AS_ROOT apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $AS_ROOT apt-get install -y -qq \
        cups cups-bsd printer-driver-all avahi-daemon >/dev/null
}

configure_cupsd() {
    conf=/etc/cups/cupsd.conf
    info "configuring $conf for $SUBNET"
    [ -f "$conf.orig" ] || $AS_ROOT cp "$conf" "$conf.orig"
    $AS_ROOT cupsctl --share-printers --remote-any
    $AS_ROOT sed -i 's/^Listen localhost:631/Port 631/' "$conf"
    if ! grep -q "Allow $SUBNET" "$conf"; then
        $AS_ROOT sed -i "/<Location \/>/a\\  Allow $SUBNET" "$conf"
    fi
    $AS_ROOT tee /etc/cups/label-server.env >/dev/null <<EOF
# written by cups_label_server_setup.sh on $(date -u +%FT%TZ)
QUEUE=$QUEUE
SUBNET=$SUBNET
EOF
}

add_queue() {
    if [ -z "$DEVICE_URI" ]; then
        DEVICE_URI="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')"
    fi
    if [ -z "$DEVICE_URI" ]; then
        info "no Zebra printer found on USB; add the queue later with lpadmin"
        return 0
    fi
    info "adding queue $QUEUE -> $DEVICE_URI"
    $AS_ROOT lpadmin -p "$QUEUE" -E -v "$DEVICE_URI" -m raw \
        -o media=w288h432 -o printer-is-shared=true
    $AS_ROOT lpadmin -d "$QUEUE"
}

grant_admin() {
    info "adding $PACK_USER to lpadmin"
    $AS_ROOT usermod -aG lpadmin "$PACK_USER"
}

open_port() {
    if command -v ufw >/dev/null 2>&1 && $AS_ROOT ufw status | grep -q active; then
        info "allowing IPP from $SUBNET in ufw"
        $AS_ROOT ufw allow from "$SUBNET" to any port 631 proto tcp
    fi
}

restart_services() {
    $AS_ROOT systemctl enable --now cups avahi-daemon
    $AS_ROOT systemctl restart cups
}

install_packages
configure_cupsd
grant_admin
restart_services
add_queue
open_port
info "done - add the printer on laptops as ipp://$(hostname).local:631/printers/$QUEUE"
