#!/bin/sh
# Set up the repair-ticket label printer on a counter PC.
#
# Repair bags get a two-part ticket: the tag stays on the bag, the stub
# goes to the customer.  The label printer (Zebra or Brother, USB) needs a
# stable device name and group access so the bag tracker can print without
# going through CUPS dialogs.
#
#   ticket_printer_udev_setup.sh [--group lp] [--name repairtickets]
set -eu

GROUP="lp"
LINK_NAME="repairtickets"
RULE_FILE="/etc/udev/rules.d/71-repair-ticket-printer.rules"

while [ $# -gt 0 ]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --name) LINK_NAME="$2"; shift 2 ;;
        -h|--help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { echo "ticket-printer: $*"; }

# known label printers: vendor:product
KNOWN="0a5f:0164 0a5f:0181 0a5f:0112 04f9:2042 04f9:209b 04f9:20a7"

find_printer() {
    for id in $KNOWN; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

ID="$(find_printer)" || {
    log "no supported label printer found on USB; plug it in and rerun"
    lsusb | grep -Ei 'zebra|brother' || true
    exit 1
}
VENDOR="${ID%%:*}"
PRODUCT="${ID##*:}"
log "found printer $VENDOR:$PRODUCT"

SERIAL="$(lsusb -v -d "$ID" 2>/dev/null | awk '/iSerial/ {print $3; exit}')"

RULE="SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"$VENDOR\", ATTRS{idProduct}==\"$PRODUCT\""
if [ -n "$SERIAL" ]; then
    RULE="$RULE, ATTRS{serial}==\"$SERIAL\""
fi
RULE="$RULE, MODE=\"0660\", GROUP=\"$GROUP\", SYMLINK+=\"$LINK_NAME\""
RULE_LP="SUBSYSTEM==\"usbmisc\", KERNEL==\"lp[0-9]*\", ATTRS{idVendor}==\"$VENDOR\", MODE=\"0660\", GROUP=\"$GROUP\", SYMLINK+=\"${LINK_NAME}-lp\""

log "writing $RULE_FILE"
printf '# repair ticket printer, written %s\n%s\n%s\n' "$(date +%F)" "$RULE" "$RULE_LP" |
    sudo tee "$RULE_FILE" >/dev/null
sudo chmod 0644 "$RULE_FILE"

if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "adding $USER to group $GROUP (log out and back in afterwards)"
    sudo usermod -aG "$GROUP" "$USER"
fi

log "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=usb --subsystem-match=usbmisc --action=add

if systemctl is-active --quiet cups 2>/dev/null; then
    sudo systemctl restart cups
fi

sleep 2
if [ -e "/dev/$LINK_NAME" ] || [ -e "/dev/${LINK_NAME}-lp" ]; then
    log "printer available as /dev/$LINK_NAME"
    ls -l "/dev/$LINK_NAME"* 2>/dev/null
else
    log "rule written but /dev/$LINK_NAME not present yet; replug the printer"
fi
