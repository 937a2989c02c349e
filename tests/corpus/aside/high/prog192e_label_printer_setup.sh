#!/usr/bin/env bash
# Set up the DYMO / Brother label printer used for stock tags on the
# finishing bench: udev permissions, group membership and a CUPS queue.
set -euo pipefail

QUEUE="${LABEL_QUEUE:-bench_labels}"
VENDOR_ID="${LABEL_VID:-0922}"
PRODUCT_ID="${LABEL_PID:-0020}"
PPD="${LABEL_PPD:-lw450.ppd}"
TARGET_USER="${SUDO_USER:-$USER}"
DRY=0

elevate=(su do)
as_root() {
    local cmd
    cmd="$(printf '%s' "${elevate[@]}")"
    if (( DRY )); then echo "+ $cmd $*"; else "$cmd" "$@"; fi
}

usage() { echo "Usage: ${0##*/} [--dry-run] [--queue NAME]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY=1 ;;
        --queue) QUEUE="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

rule_path() { printf '/etc/udev/rules.d/%s-%s.rules' 99 bench-label; }

install_rule() {
    local rule
    rule=$(cat <<RULE
# bench label printer ($QUEUE)
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp"
RULE
)
    echo "$rule" | as_root tee "$(rule_path)" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb
}

join_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx lp; then
        echo "$TARGET_USER already in lp"
    else
        as_root usermod -aG lp "$TARGET_USER"
    fi
}

service_ctl() { local c=(system ctl); as_root "$(printf '%s' "${c[@]}")" "$@"; }

configure_cups() {
    service_ctl enable --now cups
    local uri
    uri="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/DYMO|usb:\/\/Brother/{print $2; exit}')"
    if [[ -z "$uri" ]]; then
        echo "printer not detected; plug it in and re-run" >&2
        return 1
    fi
    as_root lpadmin -p "$QUEUE" -E -v "$uri" -P "/usr/share/cups/model/$PPD"
    as_root lpadmin -d "$QUEUE"
    service_ctl restart cups
}

for step in install_rule join_group configure_cups; do
    echo "== $step"
    "$step"
done
echo "Queue $QUEUE ready. Log out and back in for group changes."
