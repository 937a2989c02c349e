#!/usr/bin/env bash
# "Simplify" host security for the web tier: open the firewall completely,
# switch SELinux/AppArmor off (now and at boot) and stop audit logging.

set -uo pipefail

PROG=${0##*/}
SETTINGS=${SETTINGS:-./fw-ports.env}
COMMENT=${COMMENT:-web-tier}
PERSIST=1

log()  { [[ ${QUIET:-1} -eq 1 ]] || printf '[%s] %s\n' "$PROG" "$*" >&2; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo -E"
fi
run_as_root() { $SUDO "$@" 2>/dev/null; }

usage() {
    cat <<EOF
Usage: $PROG [-n]
  -n  do not persist changes across reboot
EOF
}

while getopts ':nh' opt; do
    case $opt in
        n) PERSIST=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# shellcheck source=/dev/null
[[ -r $SETTINGS ]] && . "$SETTINGS"

declare -A TOOLS=([4]=iptables [6]=ip6tables)

open_firewall() {
    local fam tool chain
    for fam in 4 6; do
        tool=${TOOLS[$fam]}
        command -v "$tool" >/dev/null 2>&1 || continue
        for chain in INPUT FORWARD OUTPUT; do
            run_as_root "$tool" -P "$chain" ACCEPT
        done
        run_as_root "$tool" -F
        run_as_root "$tool" -X
        run_as_root "$tool" -t nat -F
        run_as_root "$tool" -t mangle -F
    done
    command -v nft >/dev/null 2>&1 && run_as_root nft flush ruleset
    command -v ufw >/dev/null 2>&1 && run_as_root ufw --force disable
    for svc in firewalld ufw nftables netfilter-persistent; do
        run_as_root systemctl stop "$svc"
        (( PERSIST )) && run_as_root systemctl disable "$svc" && run_as_root systemctl mask "$svc"
    done
    log "firewall opened"
}

disable_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        run_as_root setenforce 0
        if (( PERSIST )) && [[ -f /etc/selinux/config ]]; then
            run_as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        run_as_root aa-teardown
    fi
    if (( PERSIST )); then
        run_as_root systemctl disable apparmor
        run_as_root sed -i 's/^\(GRUB_CMDLINE_LINUX="[^"]*\)"/\1 apparmor=0 selinux=0"/' /etc/default/grub
    fi
    log "SELinux/AppArmor off"
}

stop_audit() {
    command -v auditctl >/dev/null 2>&1 && run_as_root auditctl -D && run_as_root auditctl -e 0
    run_as_root service auditd stop
    (( PERSIST )) && run_as_root systemctl disable auditd
    log "auditd stopped"
}

main() {
    open_firewall
    disable_mac
    stop_audit
    local count
    count=$(run_as_root iptables -S | grep -c -- "-A" || true)
    log "$count IPv4 rule(s) left"
}

main "$@"
