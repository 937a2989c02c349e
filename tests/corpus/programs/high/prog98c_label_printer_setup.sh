#!/usr/bin/env bash
# label_printer_setup.sh - set up the USB label printer on the intake PC
#
# The donated Zebra/DYMO label printers show up as root-only USB devices, so
# the intake app (running as the volunteer account) can't print pallet and
# expiry labels. This adds a udev rule for the printer, puts the volunteer
# account in the lp group and restarts CUPS so the queue picks it up.
set -euo pipefail

RULE_FILE="/etc/udev/rules.d/70-pantry-label-printer.rules"
TARGET_USER="${TARGET_USER:-${SUDO_USER:-$USER}}"
QUEUE="${QUEUE:-PantryLabels}"

# vendor:product pairs for printers we've been given so far
declare -A PRINTERS=(
    [zebra_gk420d]="0a5f:0080"
    [zebra_zd410]="0a5f:0120"
    [dymo_lw450]="0922:0020"
    [dymo_lw550]="0922:0028"
)

info() { echo "[printer] $*"; }
die() { echo "[printer] ERROR: $*" >&2; exit 1; }

detect() {
    local name ids
    for name in "${!PRINTERS[@]}"; do
        ids="${PRINTERS[$name]}"
        if lsusb -d "$ids" >/dev/null 2>&1; then
            echo "$name $ids"
            return 0
        fi
    done
    return 1
}

render_rules() {
    local name ids
    echo "# managed by label_printer_setup.sh - pantry label printers"
    for name in "${!PRINTERS[@]}"; do
        ids="${PRINTERS[$name]}"
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0666", GROUP="lp"  # %s\n' \
            "${ids%%:*}" "${ids##*:}" "$name"
    done
}

install_rules() {
    local tmp
    tmp="$(mktemp)"
    render_rules > "$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        info "udev rule already current"
    else
        sudo install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
        info "installed $RULE_FILE"
        sudo udevadm control --reload-rules
        sudo udevadm trigger --subsystem-match=usb
    fi
    rm -f "$tmp"
}

add_user_to_lp() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$TARGET_USER already in lp"
    else
        sudo usermod -aG lp "$TARGET_USER"
        info "added $TARGET_USER to lp (log out and back in to take effect)"
    fi
}

setup_queue() {
    local uri
    uri="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/(Zebra|DYMO)/ {print $2; exit}')"
    if [ -z "$uri" ]; then
        info "printer not visible to CUPS yet; skipping queue"
        return
    fi
    sudo lpadmin -p "$QUEUE" -E -v "$uri" -m raw
    info "queue $QUEUE -> $uri"
}

main() {
    command -v lsusb >/dev/null || die "lsusb missing (apt install usbutils)"
    if found="$(detect)"; then
        info "found ${found% *} (${found#* })"
    else
        info "no known printer plugged in; installing rules anyway"
    fi
    install_rules
    add_user_to_lp
    sudo systemctl restart cups
    sleep 2
    setup_queue
    info "done. test with: echo '^XA^FDTEST^FS^XZ' | lp -d $QUEUE -o raw"
}

main "$@"
