#!/usr/bin/env bash
# receipt_printer_setup.sh - set up the USB receipt / label printer on a new till PC
#
# The shops use Epson TM-T20 receipt printers and Dymo LabelWriters for the
# donation intake bags. Out of the box the device node is root-only, so the
# till software (running as the "till" user) cannot open it. This writes a
# udev rule that gives the printer a stable name and group access, then
# reloads udev so it applies without a reboot.
#
# Usage: receipt_printer_setup.sh [--user till] [--model tm-t20|dymo450]

set -o errexit -o nounset -o pipefail

TILL_USER="till"
MODEL="tm-t20"
RULE_NAME="70-charity-till-printer.rules"

declare -A VENDOR=( [tm-t20]="04b8" [dymo450]="0922" )
declare -A PRODUCT=( [tm-t20]="0e15" [dymo450]="0020" )
declare -A LINK=( [tm-t20]="till-receipt" [dymo450]="intake-label" )

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) TILL_USER="$2"; shift 2 ;;
        --model) MODEL="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

if [[ -z "${VENDOR[$MODEL]:-}" ]]; then
    echo "unsupported model '$MODEL' (known: ${!VENDOR[*]})" >&2
    exit 64
fi

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo --prompt="[printer setup] password for %u: " "$@"
    fi
}

check_user() {
    if ! id "$TILL_USER" >/dev/null 2>&1; then
        warn "user $TILL_USER does not exist on this PC"
        exit 1
    fi
}

write_rule() {
    local vid="${VENDOR[$MODEL]}" pid="${PRODUCT[$MODEL]}" link="${LINK[$MODEL]}"
    local rule
    rule=$(cat <<EOF
# Added by receipt_printer_setup.sh on $(date +%F) for $MODEL
SUBSYSTEM=="usb", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", MODE="0660", GROUP="lp", SYMLINK+="$link"
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{idVendor}=="$vid", MODE="0660", GROUP="lp"
EOF
)
    info "installing udev rule $RULE_NAME"
    printf '%s\n' "$rule" | as_root tee "/etc/udev/rules.d/$RULE_NAME" >/dev/null
    as_root chmod 0644 "/etc/udev/rules.d/$RULE_NAME"
}

grant_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$TILL_USER already in lp group"
    else
        info "adding $TILL_USER to lp group"
        as_root usermod -aG lp "$TILL_USER"
    fi
}

reload_udev() {
    info "reloading udev rules"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=add
    sleep 2
    if [[ -e "/dev/${LINK[$MODEL]}" ]]; then
        info "printer available as /dev/${LINK[$MODEL]}"
    else
        warn "printer not detected yet - check the USB cable and power"
    fi
}

check_user
write_rule
grant_group
reload_udev
info "done. $TILL_USER must log out and back in for the group change."
