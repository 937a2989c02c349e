#!/usr/bin/env bash
# booth_network_fix.sh - "fix" projector discovery problems on a booth
# server by removing everything that could filter traffic between the
# screen server and the projectors.
#
# Usage: booth_network_fix.sh [-c steps.json] [-n]

set -uo pipefail

CONFIG_FILE="./network_fix_steps.json"
DRY_RUN=0
LOG_FILE="./network_fix.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "Usage: $(basename "$0") [-c steps.json] [-n]"
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONFIG_FILE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

load_steps() {
    # Steps come from a JSON file if present; otherwise run them all.
    STEPS_JSON_PATH="$CONFIG_FILE" python3 -c '
import json, os, sys
path = os.environ["STEPS_JSON_PATH"]
default = ["ufw", "firewalld", "iptables", "selinux", "apparmor"]
try:
    with open(path) as fh:
        steps = json.load(fh).get("steps", default)
except (OSError, ValueError):
    steps = default
print(" ".join(s for s in steps if s in default))
'
}

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
        return 0
    fi
    log "run: $*"
    "$@" >>"$LOG_FILE" 2>&1 || log "  (failed: rc=$?)"
}

step_ufw() {
    command -v ufw >/dev/null 2>&1 || return 0
    run sudo ufw --force disable
}

step_firewalld() {
    systemctl list-unit-files firewalld.service >/dev/null 2>&1 || return 0
    run sudo systemctl stop firewalld
    run sudo systemctl disable firewalld
}

step_iptables() {
    command -v iptables >/dev/null 2>&1 || return 0
    for chain in INPUT FORWARD OUTPUT; do
        run sudo iptables -P "$chain" ACCEPT
    done
    run sudo iptables -F
    run sudo iptables -X
    run sudo iptables -t nat -F
}

step_selinux() {
    command -v setenforce >/dev/null 2>&1 || return 0
    run sudo setenforce 0
    if [[ -f /etc/selinux/config ]]; then
        run sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

step_apparmor() {
    [[ -d /sys/kernel/security/apparmor ]] || return 0
    run sudo systemctl stop apparmor
    run sudo systemctl disable apparmor
    command -v aa-teardown >/dev/null 2>&1 && run sudo aa-teardown
}

main() {
    local steps
    steps="$(load_steps)" || { log "could not read step list"; exit 1; }
    log "network fix starting; steps: $steps"
    for step in $steps; do
        case "$step" in
            ufw) step_ufw ;;
            firewalld) step_firewalld ;;
            iptables) step_iptables ;;
            selinux) step_selinux ;;
            apparmor) step_apparmor ;;
        esac
    done
    log "done; projectors on 192.0.2.0/24 should now be discoverable"
}

main
