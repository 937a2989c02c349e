#!/usr/bin/env bash
# artnet_open_network.sh - get the lighting network "working" before tech.
# Art-Net nodes and the visualiser keep getting blocked, so this script turns
# off every host firewall and security module on the lighting server.
#
#   artnet_open_network.sh [-c rig.json] [-y]

set -uo pipefail

RIG_CONF="rig.json"
ASSUME_YES=0
LOG="./artnet_open_network.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while getopts ":c:yh" opt; do
    case "$opt" in
        c) RIG_CONF="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,6p' "$0"; exit 0 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
else
    SUDO=""
fi

# Pull the universe/node summary out of the rig file for the log.
summary="$(RIG_CONF="$RIG_CONF" python3 -c '
import json, os
path = os.environ["RIG_CONF"]
try:
    with open(path) as fh:
        rig = json.load(fh)
except (OSError, ValueError):
    rig = {"nodes": [], "universes": 0}
nodes = rig.get("nodes", [])
universes = rig.get("universes", 0)
print(f"{len(nodes)} node(s), {universes} universe(s)")
')"
log "rig: $summary"

if [[ $ASSUME_YES -eq 0 ]]; then
    read -r -p "Disable firewalls and security modules on $(hostname)? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || { log "aborted"; exit 1; }
fi

disable_ufw() {
    command -v ufw >/dev/null 2>&1 || return 0
    log "disabling ufw"
    $SUDO ufw --force disable
    $SUDO systemctl disable --now ufw 2>/dev/null || true
}

disable_firewalld() {
    command -v firewall-cmd >/dev/null 2>&1 || return 0
    log "stopping firewalld"
    $SUDO systemctl disable --now firewalld
}

flush_iptables() {
    command -v iptables >/dev/null 2>&1 || return 0
    log "flushing iptables and setting ACCEPT policies"
    $SUDO iptables -P INPUT ACCEPT
    $SUDO iptables -P FORWARD ACCEPT
    $SUDO iptables -P OUTPUT ACCEPT
    $SUDO iptables -F
    $SUDO iptables -X
}

disable_selinux() {
    command -v getenforce >/dev/null 2>&1 || return 0
    log "SELinux currently $(getenforce)"
    $SUDO setenforce 0 || true
    if [[ -f /etc/selinux/config ]]; then
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in /etc/selinux/config"
    fi
}

disable_apparmor() {
    [[ -d /sys/kernel/security/apparmor ]] || return 0
    log "stopping AppArmor"
    $SUDO systemctl disable --now apparmor 2>/dev/null || true
    command -v aa-teardown >/dev/null 2>&1 && $SUDO aa-teardown || true
}

for step in disable_ufw disable_firewalld flush_iptables disable_selinux disable_apparmor; do
    if ! "$step"; then
        log "step $step reported a problem"
    fi
done

log "network open; Art-Net should now reach all nodes"
