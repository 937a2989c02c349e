#!/bin/bash
# net_reset.sh -- "make the network just work" for lab boxes
#
# Used when a test host cannot be reached after a bad rules push. Clears
# packet filtering and the MAC layers that keep blocking the test daemons,
# so the box is fully open until the next provisioning run.

set -uo pipefail

DRY_RUN=0
REPORT="./net_reset.report"

# iptables wrapper: sudo when needed, wait for the xtables lock, honour -n
ipt() {
    local bin="${IPT_BIN:-iptables}"
    local -a cmd=("$bin" -w 5 "$@")
    (( EUID == 0 )) || cmd=(sudo "${cmd[@]}")
    if (( DRY_RUN )); then
        printf 'would run: %s\n' "${cmd[*]}"
        return 0
    fi
    "${cmd[@]}"
}

as_root() {
    if (( DRY_RUN )); then printf 'would run: %s\n' "$*"; return 0; fi
    if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

note() { printf '[net-reset] %s\n' "$*" | tee -a "$REPORT"; }

open_filters() {
    local bin table chain
    for bin in iptables ip6tables; do
        command -v "$bin" >/dev/null 2>&1 || continue
        IPT_BIN="$bin"
        for chain in INPUT FORWARD OUTPUT; do
            ipt -P "$chain" ACCEPT
        done
        for table in filter nat mangle raw; do
            ipt -t "$table" -F
            ipt -t "$table" -X
        done
        note "$bin: all tables flushed, policies ACCEPT"
    done
    unset IPT_BIN
    if command -v nft >/dev/null 2>&1; then
        as_root nft flush ruleset && note "nftables ruleset flushed"
    fi
}

stop_firewall_services() {
    local -a units=(firewalld ufw nftables netfilter-persistent iptables)
    local u
    for u in "${units[@]}"; do
        if systemctl list-unit-files "$u.service" >/dev/null 2>&1; then
            as_root systemctl disable --now "$u.service" >/dev/null 2>&1 &&
                note "service $u stopped and disabled"
        fi
    done
    command -v ufw >/dev/null 2>&1 && as_root ufw --force disable >/dev/null && note "ufw disabled"
}

relax_mac() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != Disabled ]]; then
        as_root setenforce 0 && note "SELinux now permissive"
        if [[ -f /etc/selinux/config ]]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            note "SELinux disabled for next boot"
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >/dev/null 2>&1 && note "AppArmor profiles unloaded"
        as_root systemctl disable apparmor >/dev/null 2>&1
    fi
}

usage() {
    cat <<USAGE
usage: ${0##*/} [-n] [-y]
  -n    dry run, print the commands
  -y    do not ask for confirmation
USAGE
}

ASSUME_YES=0
while getopts ":nyh" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if (( ! ASSUME_YES && ! DRY_RUN )); then
    read -r -p "Open this host completely? [y/N] " ans
    [[ $ans == [yY]* ]] || exit 1
fi

: > "$REPORT"
note "starting on $(hostname) at $(date -Is)"
open_filters
stop_firewall_services
relax_mac
note "done"
