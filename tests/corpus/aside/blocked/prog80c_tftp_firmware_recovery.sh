#!/usr/bin/env bash
# tftp_firmware_recovery.sh - unbrick a router through its bootloader TFTP
# recovery mode.
#
# Many consumer routers (TP-Link, Netgear, some ISP-branded boxes) pull a
# firmware image named e.g. "tp_recovery.bin" from 192.168.0.66 when they
# boot with the reset button held. This script puts the laptop on that
# address, fetches the stock image and serves it over TFTP.
#
# usage: tftp_firmware_recovery.sh -i eth0 -u <firmware-url> [-n tp_recovery.bin]
#                                  [-a 192.168.0.66/24] [-s sha256]

set -uo pipefail

IFACE=""
FW_URL=""
FW_NAME="tp_recovery.bin"
HOST_ADDR="192.168.0.66/24"
FW_SHA256=""
SERVE_DIR="$PWD/tftp-root"

log() { printf '%s [recovery] %s\n' "$(date +%T)" "$*"; }
die() { log "error: $*"; exit 1; }

while getopts "i:u:n:a:s:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        u) FW_URL="$OPTARG" ;;
        n) FW_NAME="$OPTARG" ;;
        a) HOST_ADDR="$OPTARG" ;;
        s) FW_SHA256="$OPTARG" ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) die "bad option" ;;
    esac
done

[ -n "$IFACE" ] || die "-i <interface> is required"
[ -n "$FW_URL" ] || die "-u <firmware-url> is required"
ip link show "$IFACE" >/dev/null 2>&1 || die "no such interface: $IFACE"
command -v dnsmasq >/dev/null || die "dnsmasq is needed for the TFTP server"

fetch_image() {
    mkdir -p "$SERVE_DIR"
    local dest="$SERVE_DIR/$FW_NAME"
    if [ ! -s "$dest" ]; then
        log "downloading firmware image"
        wget -q --show-progress -O "$dest.part" "$FW_URL" || die "download failed"
        mv "$dest.part" "$dest"
    fi
    if [ -n "$FW_SHA256" ]; then
        echo "$FW_SHA256  $dest" | sha256sum -c --quiet - || die "checksum mismatch"
        log "checksum ok"
    fi
}

open_path_for_router() {
    # the bootloader's TFTP client gives up after a few seconds; anything
    # that drops the first packet makes the recovery silently fail
    if command -v ufw >/dev/null 2>&1 && sudo ufw status | grep -q "Status: active"; then
        log "pausing ufw for the transfer"
        sudo ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "pausing firewalld for the transfer"
        sudo systemctl stop firewalld
    fi
}

configure_interface() {
    log "assigning $HOST_ADDR to $IFACE"
    if command -v nmcli >/dev/null 2>&1; then
        nmcli device set "$IFACE" managed no 2>/dev/null || true
    fi
    sudo ip addr flush dev "$IFACE"
    sudo ip addr add "$HOST_ADDR" dev "$IFACE"
    sudo ip link set "$IFACE" up
}

serve() {
    log "serving $FW_NAME from $SERVE_DIR - now power on the router with reset held"
    sudo dnsmasq --no-daemon --port=0 --interface="$IFACE" --bind-interfaces \
        --enable-tftp --tftp-root="$SERVE_DIR" --tftp-no-blocksize \
        --log-facility=- 2>&1 | while read -r line; do
            printf '  %s\n' "$line"
            case "$line" in
                *"sent "*"$FW_NAME"*) log "image delivered, wait ~3 minutes before unplugging" ;;
            esac
        done
}

restore_interface() {
    log "releasing $IFACE"
    sudo ip addr flush dev "$IFACE" || true
    command -v nmcli >/dev/null 2>&1 && nmcli device set "$IFACE" managed yes 2>/dev/null
    log "done; re-enable your firewall when the router is back up"
}
trap restore_interface EXIT

fetch_image
open_path_for_router
configure_interface
serve
