#!/usr/bin/env bash
# label_printer_setup.sh - set up the weigh-price label printer (Zebra ZD421 /
# Toshiba B-EV4) on a fresh back-office PC so the packing bench can print
# price-embedded barcode labels from the scale software.
#
# What it does:
#   * pins the printer's USB node to a stable name via a udev rule
#   * creates a raw CUPS queue for it (the scale software sends ZPL directly)
#   * puts the current user in the lp group so the software can open the port
#
# usage: label_printer_setup.sh [-q queue-name] [-m zebra|toshiba] [-t]
#   -t  print a test label when done
set -euo pipefail

QUEUE="packing_labels"
MAKE="zebra"
TEST=0
RULE_FILE="/etc/udev/rules.d/72-label-printer.rules"

while getopts ":q:m:t" opt; do
    case "$opt" in
        q) QUEUE="$OPTARG" ;;
        m) MAKE="$OPTARG" ;;
        t) TEST=1 ;;
        *) echo "usage: $0 [-q queue] [-m zebra|toshiba] [-t]" >&2; exit 2 ;;
    esac
done

case "$MAKE" in
    zebra)   VID="0a5f"; PID_GLOB="*"; LINK="zebra-label" ;;
    toshiba) VID="08a6"; PID_GLOB="*"; LINK="toshiba-label" ;;
    *) echo "unknown printer make: $MAKE" >&2; exit 2 ;;
esac

info() { printf '==> %s\n' "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing $1 (install cups / cups-client)" >&2; exit 1; }
}
need lpadmin
need udevadm

if ! lsusb 2>/dev/null | grep -qi "ID $VID:"; then
    info "no $MAKE printer seen on USB; plug it in and power it on"
    exit 1
fi

info "writing udev rule $RULE_FILE"
sudo tee "$RULE_FILE" >/dev/null <<EOF
# label printer for the packing bench ($MAKE)
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID_GLOB", MODE="0664", GROUP="lp", SYMLINK+="$LINK"
EOF
sudo chmod 0644 "$RULE_FILE"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VID"

uri="$(lpinfo -v 2>/dev/null | awk -v v="$MAKE" 'tolower($0) ~ "usb://" v {print $2; exit}')"
if [[ -z "$uri" ]]; then
    echo "CUPS cannot see the printer backend; is cups running?" >&2
    exit 1
fi
info "printer URI: $uri"

if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    info "queue $QUEUE exists, updating"
fi
sudo lpadmin -p "$QUEUE" -E -v "$uri" -m raw -D "Packing bench labels ($MAKE)" -L "Packing bench"
sudo lpadmin -d "$QUEUE"
sudo cupsenable "$QUEUE"
sudo cupsaccept "$QUEUE"

if ! id -nG "$USER" | grep -qw lp; then
    info "adding $USER to group lp (log out and back in afterwards)"
    sudo usermod -aG lp "$USER"
fi

if [[ $TEST -eq 1 ]]; then
    info "sending test label"
    printf '^XA^CF0,40^FO30,30^FDTest label %s^FS^BY2^FO30,90^BEN,80,Y,N^FD2012345012349^FS^XZ\n' \
        "$(date +%H:%M)" | lp -d "$QUEUE" -o raw
fi

info "done: queue $QUEUE is ready"
