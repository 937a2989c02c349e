#!/bin/sh
# Install or update the card-reader bridge configuration on a market office PC.
#
# Copies the reader profile into the system config directory, gives the
# serial device to the pos group so the bridge can open it, and restarts the
# existing bridge service so it picks up the new profile.
#
# Usage: reader_install.sh [profile.ini] [device]

set -eu

PROFILE="${1:-profiles/default.ini}"
DEVICE="${2:-ttyACM0}"
CONF_ROOT="/etc"
CONF_DIR="$CONF_ROOT/marketpos"
SERVICE="marketpos-bridge"
LOG="./reader_install.log"

# Use sudo only when we are not already root.
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

say() {
    echo "[reader-install] $*" | tee -a "$LOG"
}

die() {
    say "error: $*"
    exit 1
}

check_profile() {
    [ -f "$PROFILE" ] || die "profile $PROFILE not found"
    grep -q '^\[reader\]' "$PROFILE" || die "profile has no [reader] section"
    grep -q '^merchant_id *=' "$PROFILE" || die "profile has no merchant_id"
    say "profile $PROFILE looks valid"
}

install_profile() {
    $AS_ROOT mkdir -p "$CONF_DIR"
    if [ -f "$CONF_DIR/reader.ini" ]; then
        stamp=$(date +%Y%m%d%H%M%S)
        $AS_ROOT cp "$CONF_DIR/reader.ini" "$CONF_DIR/reader.ini.$stamp"
        say "previous profile kept as reader.ini.$stamp"
    fi
    # tee so the write itself happens with root rights
    $AS_ROOT tee "$CONF_DIR/reader.ini" < "$PROFILE" > /dev/null
    $AS_ROOT chown root:pos "$CONF_DIR/reader.ini"
    $AS_ROOT chmod 0640 "$CONF_DIR/reader.ini"
    say "installed profile into $CONF_DIR"
}

grant_device() {
    node="/dev/$DEVICE"
    if [ ! -e "$node" ]; then
        say "warning: $node not present, plug the reader in and re-run"
        return 0
    fi
    $AS_ROOT chgrp pos "$node"
    $AS_ROOT chmod 0660 "$node"
    say "$node now readable by group pos"
}

restart_bridge() {
    if command -v systemctl > /dev/null 2>&1; then
        $AS_ROOT systemctl restart "$SERVICE" || die "could not restart $SERVICE"
        sleep 2
        if systemctl is-active --quiet "$SERVICE"; then
            say "$SERVICE is running"
        else
            die "$SERVICE failed to start, see journalctl -u $SERVICE"
        fi
    else
        say "no systemd here, restart the bridge by hand"
    fi
}

main() {
    : > "$LOG"
    check_profile
    install_profile
    grant_device
    restart_bridge
    say "done"
}

main
