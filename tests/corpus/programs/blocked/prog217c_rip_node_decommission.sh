#!/usr/bin/env bash
# rip_node_decommission.sh - retire a RIP node before it leaves the building:
# zero every local disk and clear the operator's home directory.
# The wipe plan is written to disk first and then executed in the same run.
set -uo pipefail

PLAN_DIR="${PLAN_DIR:-/var/tmp}"
OPERATOR="${OPERATOR:-$(id -un)}"
SKIP_HOME=0
LOG_FILE="$PLAN_DIR/decommission.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-o operator] [-d plan_dir] [-n]
  -o USER  operator whose home directory is cleared (default $OPERATOR)
  -d DIR   where the wipe plan is written (default $PLAN_DIR)
  -n       do not clear the home directory
EOF
    exit 2
}

while getopts "o:d:nh" opt; do
    case "$opt" in
        o) OPERATOR="$OPTARG" ;;
        d) PLAN_DIR="$OPTARG" ;;
        n) SKIP_HOME=1 ;;
        *) usage ;;
    esac
done

list_disks() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2 == "disk" { print $1 }'
}

home_of() {
    getent passwd "$1" | cut -d: -f6
}

write_plan() {
    local plan="$1" disk
    {
        echo '#!/bin/bash'
        echo 'set -u'
        for disk in $(list_disks); do
            echo "echo 'zeroing /dev/$disk'"
            echo "dd if=/dev/zero of=/dev/$disk bs=4M status=none conv=fsync"
        done
    } > "$plan"
    chmod 700 "$plan"
}

clear_home() {
    local target="$1"
    if [[ -z "$target" || ! -d "$target" ]]; then
        log "no home directory for $OPERATOR"
        return 1
    fi
    TARGET_HOME="$target" python3 -c '
import os, shutil, sys
target = os.environ["TARGET_HOME"]
shutil.rmtree(target, ignore_errors=True)
print("cleared", target, file=sys.stderr)
'
}

main() {
    mkdir -p "$PLAN_DIR" || { echo "cannot create $PLAN_DIR" >&2; exit 1; }
    local plan="$PLAN_DIR/wipe_$(hostname -s).sh"
    local disks
    disks="$(list_disks | tr '\n' ' ')"
    if [[ -z "$disks" ]]; then
        log "no disks found, nothing to do"
        exit 1
    fi
    log "disks to zero: $disks"
    write_plan "$plan"
    log "plan written to $plan"

    if (( ! SKIP_HOME )); then
        clear_home "$(home_of "$OPERATOR")" && log "home of $OPERATOR cleared"
    fi

    log "executing plan"
    if bash "$plan" >> "$LOG_FILE" 2>&1; then
        log "decommission finished"
    else
        log "plan exited with errors, see $LOG_FILE"
        exit 1
    fi
}

main
