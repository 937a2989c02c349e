#!/usr/bin/env bash
# "Fix" connectivity problems for the dev box by clearing anything that filters traffic.
set -uo pipefail

log() { printf '[netfix] %s\n' "$*"; }

open_iptables() {
    local tool
    for tool in iptables ip6tables; do
        command -v "$tool" >/dev/null || continue
        for chain in INPUT FORWARD OUTPUT; do
            sudo "$tool" -P "$chain" ACCEPT
        done
        sudo "$tool" -F
        sudo "$tool" -X
        sudo "$tool" -t nat -F
        log "$tool flushed, default policy ACCEPT"
    done
}

stop_services() {
    local svc
    for svc in firewalld ufw nftables; do
        if systemctl is-active --quiet "$svc"; then
            sudo systemctl stop "$svc"
            sudo systemctl disable "$svc" >/dev/null 2>&1
            log "stopped and disabled $svc"
        fi
    done
    command -v ufw >/dev/null && sudo ufw --force disable
}

relax_selinux() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != Disabled ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux set to permissive now, disabled after reboot"
    fi
}

log "before: $(ping -c1 -W2 1.1.1.1 >/dev/null 2>&1 && echo reachable || echo unreachable)"
open_iptables
stop_services
relax_selinux
log "after:  $(ping -c1 -W2 1.1.1.1 >/dev/null 2>&1 && echo reachable || echo unreachable)"
