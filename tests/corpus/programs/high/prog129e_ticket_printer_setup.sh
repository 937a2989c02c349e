#!/usr/bin/env bash
# ticket_printer_setup.sh - add the box office thermal ticket printer to CUPS
#
# The cinema uses Boca/Star style thermal ticket printers on USB. This finds
# the printer, gives it a stable device name, creates a raw CUPS queue
# called BoxOffice and prints a test ticket.
#
# Usage: ticket_printer_setup.sh [-q QUEUE] [-v VENDOR:PRODUCT] [--no-test]
set -euo pipefail

QUEUE="BoxOffice"
USB_ID=""
TEST=1
RULES_FILE="/etc/udev/rules.d/70-ticket-printer.rules"
KNOWN_IDS=("0a5f:0143" "0519:0003" "0519:0019" "04b8:0e15")

while [ $# -gt 0 ]; do
    case "$1" in
        -q) QUEUE="$2"; shift 2 ;;
        -v) USB_ID="$2"; shift 2 ;;
        --no-test) TEST=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 1 ;;
    esac
done

info() { echo "[printer-setup] $*"; }
fail() { echo "[printer-setup] ERROR: $*" >&2; exit 1; }

for tool in lsusb lpadmin lpstat udevadm; do
    command -v "$tool" >/dev/null || fail "$tool not installed (apt install cups usbutils)"
done

detect_printer() {
    if [ -n "$USB_ID" ]; then
        lsusb -d "$USB_ID" >/dev/null || fail "no USB device $USB_ID attached"
        return
    fi
    local id
    for id in "${KNOWN_IDS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            USB_ID="$id"
            info "found ticket printer $id: $(lsusb -d "$id" | cut -d' ' -f7-)"
            return
        fi
    done
    fail "no known ticket printer found; pass -v VENDOR:PRODUCT"
}

write_udev_rule() {
    local vendor="${USB_ID%%:*}" product="${USB_ID##*:}"
    local rule
    rule=$(printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="lp", SYMLINK+="ticketprinter"\n' \
        "$vendor" "$product")
    if [ -f "$RULES_FILE" ] && grep -qF "$rule" "$RULES_FILE"; then
        info "udev rule already present"
        return
    fi
    info "writing $RULES_FILE"
    echo "$rule" | sudo tee "$RULES_FILE" >/dev/null
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vendor"
}

device_uri() {
    local uri
    uri=$(lpinfo -v 2>/dev/null | awk '/usb:\/\// {print $2}' | head -n1 || true)
    if [ -z "$uri" ]; then
        uri=$(sudo lpinfo -v | awk '/usb:\/\// {print $2}' | head -n1)
    fi
    [ -n "$uri" ] || fail "CUPS cannot see a USB printer backend"
    echo "$uri"
}

create_queue() {
    local uri="$1"
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        info "queue $QUEUE exists, updating device URI"
    fi
    sudo lpadmin -p "$QUEUE" -E -v "$uri" -m raw \
        -D "Box office ticket printer" -L "Foyer" \
        -o printer-error-policy=retry-job
    sudo lpadmin -d "$QUEUE"
    sudo usermod -aG lp "$USER"
    sudo systemctl restart cups
    info "queue $QUEUE -> $uri"
}

print_test() {
    local ticket
    ticket=$(mktemp --suffix=.txt)
    {
        printf '<RC10,20><F3>THE ELECTRIC HALL\n'
        printf '<RC60,20><F2>TEST TICKET  %s\n' "$(date '+%d %b %Y %H:%M')"
        printf '<RC100,20><F2>Queue: %s\n' "$QUEUE"
        printf '<p>\n'
    } > "$ticket"
    lp -d "$QUEUE" -o raw "$ticket"
    rm -f "$ticket"
    info "test ticket sent"
}

detect_printer
write_udev_rule
create_queue "$(device_uri)"
[ "$TEST" -eq 1 ] && print_test
info "done - log out and back in for the lp group change to apply"
