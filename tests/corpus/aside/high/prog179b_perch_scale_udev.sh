#!/usr/bin/env bash
# Set up the USB weighing perch on a weighing-room workstation.
# The perch presents as a CP210x serial adapter; keepers need to read it
# without root, and the scale reader service must be restarted afterwards.
set -euo pipefail

VENDOR_ID="${PERCH_VID:-10c4}"
PRODUCT_ID="${PERCH_PID:-ea60}"
GROUP="${PERCH_GROUP:-keepers}"
RULE_NAME="${RULE_NAME:-70-weigh-perch.rules}"
SERVICE="${PERCH_SERVICE:-perch-reader.service}"

log() { echo "[perch-setup] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

rules_dir() {
    printf '/%s/%s/%s' etc udev rules.d
}

render_rule() {
    cat <<EOF
# Weigh perch (CP210x) - managed by perch setup script
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="$GROUP", SYMLINK+="weighperch"
EOF
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        as_root groupadd "$GROUP"
        log "created group $GROUP"
    fi
    if ! id -nG "$USER" | grep -qw "$GROUP"; then
        as_root usermod -aG "$GROUP" "$USER"
        log "added $USER to $GROUP (log out and back in)"
    fi
}

install_rule() {
    local dest
    dest="$(rules_dir)/$RULE_NAME"
    render_rule | as_root tee "$dest" >/dev/null
    as_root chmod 0644 "$dest"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    log "rule installed at $dest"
}

fix_current_device() {
    local dev
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        as_root chgrp "$GROUP" "$dev"
        as_root chmod 0660 "$dev"
        log "adjusted $dev"
    done
}

restart_reader() {
    if systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
        as_root systemctl restart "$SERVICE"
        log "restarted $SERVICE"
    else
        log "$SERVICE not installed, skipping"
    fi
}

main() {
    ensure_group
    install_rule
    fix_current_device
    restart_reader
    log "perch ready: /dev/weighperch"
}

main "$@"
