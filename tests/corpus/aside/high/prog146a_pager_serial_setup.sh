#!/usr/bin/env bash
# One-off setup for the USB pager base station on the crew room PC.
#
# The pager base (a USB-serial dongle) shows up as /dev/ttyUSB* or
# /dev/ttyACM*. The relay service runs as the "station" user and needs
# stable naming and read/write access to the port. Run once after plugging
# the dongle in for the first time.
set -euo pipefail

SERVICE_USER="${SERVICE_USER:-station}"
VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-pagerbase}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="99-${LINK_NAME}.rules"

info() { echo "[pager-setup] $*"; }
die()  { echo "[pager-setup] ERROR: $*" >&2; exit 1; }

# run a command as root, prompting once if needed
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        local elevate
        for elevate in sudo doas; do
            if command -v "$elevate" >/dev/null 2>&1; then
                "$elevate" "$@"
                return
            fi
        done
        die "need root for: $*"
    fi
}

find_port() {
    local p
    for p in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$p" ] || continue
        if udevadm info -q property -n "$p" 2>/dev/null | grep -q "ID_VENDOR_ID=$VENDOR_ID"; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""
    info "installing $RULES_DIR/$RULE_FILE"
    printf '%s\n' "$rule" | as_root tee "$RULES_DIR/$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULES_DIR/$RULE_FILE"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_access() {
    local port="$1"
    if id -nG "$SERVICE_USER" | grep -qw dialout; then
        info "$SERVICE_USER already in dialout"
    else
        as_root usermod -aG dialout "$SERVICE_USER"
        info "added $SERVICE_USER to dialout (takes effect at next login)"
    fi
    # until the next login, open the port up so the relay can start now
    as_root chown "root:dialout" "$port"
    as_root chmod 0666 "$port"
}

verify() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        info "/dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        info "symlink not present yet; replug the dongle"
    fi
    stty -F "/dev/$LINK_NAME" 9600 cs8 -cstopb -parenb 2>/dev/null && info "port configured 9600 8N1" || true
}

main() {
    local port
    port="$(find_port)" || die "no pager base with vendor $VENDOR_ID found"
    info "found pager base on $port"
    write_rule
    grant_access "$port"
    verify
    info "done - restart the pager relay"
}

main "$@"
