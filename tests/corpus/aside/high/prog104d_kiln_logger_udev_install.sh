#!/usr/bin/env bash
# kiln_logger_udev_install.sh - set up the USB moisture logger on a kiln PC
#
# The Delmhorst/Wagner-style kiln loggers enumerate as an FTDI serial
# adapter. This gives the logger a stable device name (/dev/kilnlogger),
# lets the operator account open it, installs the capture script and
# writes its config.
#
#   kiln_logger_udev_install.sh [-u USER] [-b BAUD] [-k KILN_ID]

set -euo pipefail

VENDOR_ID="0403"
PRODUCT_ID="6001"
RULE_FILE="/etc/udev/rules.d/99-kilnlogger.rules"
TARGET_USER="${SUDO_USER:-$USER}"
BAUD=9600
KILN_ID="K1"
APP_DIR="$HOME/kilnlogger"
CONF_DIR="$HOME/.config/kilnlogger"

log() { echo "==> $*"; }
fail() { echo "error: $*" >&2; exit 1; }

while getopts "u:b:k:h" opt; do
    case $opt in
        u) TARGET_USER="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        k) KILN_ID="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

command -v udevadm >/dev/null || fail "udevadm not found (is this a systemd/udev system?)"
id "$TARGET_USER" >/dev/null 2>&1 || fail "no such user: $TARGET_USER"

install_rule() {
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
# KilnWatch USB moisture logger ($KILN_ID)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
    SYMLINK+="kilnlogger", GROUP="dialout", MODE="0660"
EOF
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        log "udev rule already current"
    else
        log "installing $RULE_FILE"
        sudo install -o root -g root -m 0644 "$tmp" "$RULE_FILE"
        sudo udevadm control --reload-rules
        sudo udevadm trigger --subsystem-match=tty --action=add
    fi
    rm -f "$tmp"
}

grant_access() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        log "$TARGET_USER already in dialout"
    else
        log "adding $TARGET_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$TARGET_USER"
    fi
}

configure_port() {
    local dev=/dev/kilnlogger
    for _ in 1 2 3 4 5; do
        [ -e "$dev" ] && break
        sleep 1
    done
    if [ -e "$dev" ]; then
        sudo stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo
        log "$dev configured at $BAUD baud"
    else
        log "logger not plugged in; port will be configured by the capture script"
    fi
}

install_app() {
    mkdir -p "$APP_DIR" "$CONF_DIR"
    cat > "$CONF_DIR/logger.conf" <<EOF
kiln_id=$KILN_ID
device=/dev/kilnlogger
baud=$BAUD
output=$APP_DIR/readings-$KILN_ID.csv
EOF
    cat > "$APP_DIR/capture.sh" <<'EOF'
#!/bin/sh
. "$HOME/.config/kilnlogger/logger.conf"
stty -F "$device" "$baud" raw -echo 2>/dev/null
while IFS= read -r line; do
    printf '%s,%s\n' "$(date +%s)" "$line" >> "$output"
done < "$device"
EOF
    chmod 0755 "$APP_DIR/capture.sh"
    log "capture script at $APP_DIR/capture.sh"
}

install_rule
grant_access
configure_port
install_app
log "done - start logging with $APP_DIR/capture.sh"
