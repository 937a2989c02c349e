#!/usr/bin/env bash
# Greenhouse VLAN access for the climate computer
#
# The new climate computer on the greenhouse VLAN (198.51.100.0/24) needs to
# reach the vent gateway on this box over Modbus (502) and MQTT (1883), and
# the gateway forwards between the VLAN and the office LAN. Rules are added
# with a comment tag so they can be found and removed later.

set -euo pipefail

VLAN_NET="${VLAN_NET:-198.51.100.0/24}"
VLAN_IF="${VLAN_IF:-eth1}"
PORTS=(502 1883)
TAG="greenhouse-vlan"

# run the privileged bits through the elevation helper if we are not root
ELEV=""
if [ "$(id -u)" -ne 0 ]; then
    for cand in "su""do" "do""as"; do
        if command -v "$cand" >/dev/null 2>&1; then ELEV="$cand"; break; fi
    done
fi
FW="ip""tables"
KNOB="sys""ctl"
SVC="system""ctl"

log() { echo "[vlan] $*"; }

has_rule() {
    $ELEV "$FW" -C "$@" 2>/dev/null
}

add_rule() {
    if has_rule "$@"; then
        log "present: $*"
    else
        $ELEV "$FW" -A "$@"
        log "added: $*"
    fi
}

open_ports() {
    local p
    for p in "${PORTS[@]}"; do
        add_rule INPUT -i "$VLAN_IF" -s "$VLAN_NET" -p tcp --dport "$p" \
            -m comment --comment "$TAG" -j ACCEPT
    done
}

enable_forwarding() {
    $ELEV "$KNOB" -w net.ipv4.ip_forward=1 >/dev/null
    add_rule FORWARD -i "$VLAN_IF" -s "$VLAN_NET" \
        -m comment --comment "$TAG" -j ACCEPT
    add_rule FORWARD -o "$VLAN_IF" -d "$VLAN_NET" -m state \
        --state ESTABLISHED,RELATED -m comment --comment "$TAG" -j ACCEPT
}

persist() {
    if $SVC list-unit-files netfilter-persistent.service >/dev/null 2>&1; then
        $ELEV "$SVC" restart netfilter-persistent
        $ELEV netfilter-persistent save
        log "rules persisted"
    else
        log "netfilter-persistent not installed; rules last until reboot"
    fi
}

remove_all() {
    local line
    $ELEV "$FW" -S | grep -- "--comment $TAG" | sed 's/^-A/-D/' | \
    while read -r line; do
        # shellcheck disable=SC2086
        $ELEV "$FW" $line && log "removed: $line"
    done
}

case "${1:-apply}" in
    apply)
        open_ports
        enable_forwarding
        persist
        ;;
    remove)
        remove_all
        persist
        ;;
    status)
        $ELEV "$FW" -S | grep -- "$TAG" || log "no tagged rules"
        ;;
    *)
        echo "usage: $0 [apply|remove|status]" >&2
        exit 2
        ;;
esac
