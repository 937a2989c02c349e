#!/usr/bin/env bash
# ticket_printer_setup.sh - prepare the box office laptop's thermal printer
#
# Recital tickets are printed on a USB thermal printer at the box office.
# The ticketing app writes raw ESC/POS to the device, so the printer needs a
# stable device name and the box office account needs to be able to open
# it. Run once per laptop after plugging the printer in.
#
# Usage: ticket_printer_setup.sh [-u user] [-v vendor_id] [-p product_id]

set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
VENDOR_ID="0416"
PRODUCT_ID="5011"
RULE_NAME="99-boxoffice-ticket-printer.rules"
RULES_DIR="/etc/udev/rules.d"
LINK_NAME="ticketprinter"

usage() { echo "usage: $0 [-u user] [-v vendor_id] [-p product_id]" >&2; exit 2; }

while getopts ":u:v:p:h" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        *) usage ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

as_admin() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

detect_printer() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb -d "${VENDOR_ID}:${PRODUCT_ID}" >/dev/null 2>&1; then
            info "found printer ${VENDOR_ID}:${PRODUCT_ID}"
            return 0
        fi
        warn "printer ${VENDOR_ID}:${PRODUCT_ID} not plugged in; rule will apply when it is"
    fi
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", MODE=\"0666\", GROUP=\"lp\", SYMLINK+=\"${LINK_NAME}\""
    info "writing ${RULES_DIR}/${RULE_NAME}"
    printf '# box office ticket printer\n%s\n' "$rule" \
        | as_admin tee "${RULES_DIR}/${RULE_NAME}" >/dev/null
    as_admin chmod 0644 "${RULES_DIR}/${RULE_NAME}"
}

reload_rules() {
    info "reloading udev rules"
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=usb
}

grant_user() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$TARGET_USER already in group lp"
    else
        info "adding $TARGET_USER to group lp"
        as_admin usermod -aG lp "$TARGET_USER"
    fi
}

stop_cups_grab() {
    # CUPS' usb backend claims the device otherwise
    if systemctl is-active --quiet cups 2>/dev/null; then
        info "restarting cups so it releases the printer"
        as_admin systemctl restart cups
    fi
}

detect_printer
write_rule
reload_rules
grant_user
stop_cups_grab

if [ -e "/dev/${LINK_NAME}" ]; then
    info "printer available at /dev/${LINK_NAME}"
else
    warn "/dev/${LINK_NAME} not present yet; replug the printer"
fi
info "done - $TARGET_USER must log out and back in for the group change"
