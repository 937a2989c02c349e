#!/usr/bin/env bash
# Camera VLAN gateway setup for the rescue centre's recording box.
#
# The enclosure cameras live on 198.51.100.0/24 (eth1). The recording box
# forwards their NTP and firmware-check traffic out through eth0 and lets
# the office subnet reach the camera web UIs on 80/443 only.
#
#   ./camera_vlan_setup.sh [--dry-run]

set -euo pipefail

CAM_IF="${CAM_IF:-eth1}"
WAN_IF="${WAN_IF:-eth0}"
CAM_NET="${CAM_NET:-198.51.100.0/24}"
OFFICE_NET="${OFFICE_NET:-203.0.113.0/24}"
DRY_RUN=0

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

log() { echo "[vlan-setup] $*"; }

# escalate only for the commands that need it
as_admin() {
    local elevate
    if [[ $EUID -eq 0 ]]; then
        elevate=()
    else
        elevate=("$(printf 's%s' udo)" -n)
    fi
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: ${elevate[*]:-} $*"
        return 0
    fi
    ${elevate[@]+"${elevate[@]}"} "$@"
}

ensure_rule() {
    # add the rule only if an identical one is not already present
    local table="$1"; shift
    local ipt="ip""tables"
    if ! as_admin "$ipt" -t "$table" -C "$@" 2>/dev/null; then
        as_admin "$ipt" -t "$table" -A "$@"
        log "added ($table) $*"
    fi
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    as_admin sysctl -w "$key=1" >/dev/null
    log "$key enabled"
}

nat_rules() {
    ensure_rule nat POSTROUTING -s "$CAM_NET" -o "$WAN_IF" -j MASQUERADE
}

forward_rules() {
    ensure_rule filter FORWARD -i "$CAM_IF" -o "$WAN_IF" -p udp --dport 123 -j ACCEPT
    ensure_rule filter FORWARD -i "$CAM_IF" -o "$WAN_IF" -p tcp --dport 443 -j ACCEPT
    ensure_rule filter FORWARD -i "$WAN_IF" -o "$CAM_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
    for port in 80 443; do
        ensure_rule filter FORWARD -s "$OFFICE_NET" -d "$CAM_NET" -p tcp --dport "$port" -j ACCEPT
    done
    ensure_rule filter FORWARD -d "$CAM_NET" -j DROP
}

restart_dhcp() {
    # dnsmasq hands out the camera leases on eth1
    if systemctl list-unit-files dnsmasq.service >/dev/null 2>&1; then
        as_admin systemctl restart dnsmasq
        log "dnsmasq restarted"
    fi
}

check_links() {
    local ifc
    for ifc in "$CAM_IF" "$WAN_IF"; do
        if ! ip link show "$ifc" >/dev/null 2>&1; then
            log "interface $ifc not found"
            exit 1
        fi
    done
}

main() {
    check_links
    enable_forwarding
    nat_rules
    forward_rules
    restart_dhcp
    log "camera VLAN gateway ready"
}

main
