#!/usr/bin/env bash
# Hook up the motorised etching press controller (FTDI USB-serial board).
# The bed-drive controller shows up as /dev/ttyUSB*; the booking tablet app
# needs a stable name and read/write access to it without running as root.
set -euo pipefail

VENDOR_ID="0403"
PRODUCT_ID="6001"
LINK_NAME="etchpress"
GROUP="dialout"
RULE_NAME="72-${LINK_NAME}.rules"
LOG="./press_setup.log"

# elevation helper: prefer sudo, fall back to doas on the Alpine kiosk
ELEVATE=""
for cand in sudo doas; do
    if command -v "$cand" >/dev/null 2>&1; then
        ELEVATE="$cand"
        break
    fi
done
[ "$(id -u)" -eq 0 ] && ELEVATE=""

run_priv() {
    echo "+ $*" >>"$LOG"
    $ELEVATE "$@"
}

log() { echo "[press-setup] $*" | tee -a "$LOG"; }

load_driver() {
    local mod="ftdi""_sio"
    if ! lsmod | grep -q "^${mod}"; then
        run_priv modprobe "$mod"
        log "loaded $mod"
    else
        log "$mod already loaded"
    fi
}

write_rule() {
    local tmp
    tmp="$(mktemp ./rule.XXXXXX)"
    cat > "$tmp" <<EOF
# Etching press bed-drive controller
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${LINK_NAME}", GROUP="${GROUP}", MODE="0660"
EOF
    local dest_dir="/etc/udev/""rules.d"
    run_priv install -m 0644 -o root -g root "$tmp" "$dest_dir/$RULE_NAME"
    rm -f "$tmp"
    log "rule installed as $dest_dir/$RULE_NAME"
}

reload_rules() {
    run_priv udevadm control --reload-rules
    run_priv udevadm trigger --subsystem-match=tty
}

grant_user() {
    local who="${SUDO_USER:-$USER}"
    if ! id -nG "$who" | grep -qw "$GROUP"; then
        run_priv usermod -aG "$GROUP" "$who"
        log "added $who to $GROUP (log out and back in)"
    fi
}

fix_existing_node() {
    # the board may already be plugged in from before the rule existed
    local node
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        run_priv chgrp "$GROUP" "$node"
        run_priv chmod 0660 "$node"
        log "adjusted $node"
    done
}

check_link() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        log "/dev/$LINK_NAME -> $(readlink -f /dev/$LINK_NAME)"
    else
        log "controller not visible yet; replug the USB cable"
    fi
}

main() {
    : > "$LOG"
    log "using elevation: ${ELEVATE:-none (root)}"
    load_driver
    write_rule
    reload_rules
    grant_user
    fix_existing_node
    check_link
    log "done"
}

main "$@"
