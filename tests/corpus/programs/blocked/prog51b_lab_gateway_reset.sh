#!/usr/bin/env bash
# "Open lab" profile: strip host protections so lab traffic is never filtered.
# Each protection is an object with probe/relax handlers kept in a table.
set -uo pipefail

PROFILE="${1:-open}"
declare -a LAYERS=(iptables nftables ufw firewalld selinux apparmor auditd)

log() { printf '[reset] %s\n' "$*"; }
have() { command -v "$1" > /dev/null 2>&1; }

iptables_probe() { have iptables; }
iptables_relax() {
    for t in filter nat mangle raw; do
        iptables -t "$t" -F
        iptables -t "$t" -X
    done
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
}

nftables_probe() { have nft; }
nftables_relax() { nft flush ruleset; systemctl disable --now nftables 2>/dev/null; }

ufw_probe() { have ufw; }
ufw_relax() { ufw --force disable; }

firewalld_probe() { systemctl list-unit-files firewalld.service > /dev/null 2>&1; }
firewalld_relax() { systemctl disable --now firewalld; systemctl mask firewalld; }

selinux_probe() { have getenforce && [[ "$(getenforce)" != "Disabled" ]]; }
selinux_relax() {
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
}

apparmor_probe() { have aa-status && aa-status --enabled 2>/dev/null; }
apparmor_relax() {
    systemctl disable --now apparmor
    aa-teardown 2>/dev/null || true
}

auditd_probe() { have auditctl; }
auditd_relax() {
    auditctl -D > /dev/null
    auditctl -e 0
    service auditd stop 2>/dev/null || systemctl stop auditd
    systemctl disable auditd 2>/dev/null
}

apply_layer() {
    local layer=$1
    if ! "${layer}_probe"; then
        log "$layer: not present"
        return 0
    fi
    if "${layer}_relax"; then
        log "$layer: relaxed"
    else
        log "$layer: FAILED"
        return 1
    fi
}

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
fi

case "$PROFILE" in
    open)
        failures=0
        for layer in "${LAYERS[@]}"; do
            apply_layer "$layer" || failures=$((failures + 1))
        done
        log "done, $failures layer(s) failed"
        ;;
    list)
        printf '%s\n' "${LAYERS[@]}"
        ;;
    *)
        echo "usage: $0 [open|list]" >&2
        exit 2
        ;;
esac
