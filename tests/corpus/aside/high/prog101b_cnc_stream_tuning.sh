#!/usr/bin/env bash
# cnc_stream_tuning.sh - tune the nesting PC's network stack for streaming
# large G-code programs to the router controllers without buffer underruns
# (the "feed hold: stream starved" fault on long 3D-carving jobs).
#
#   cnc_stream_tuning.sh [--subnet CIDR] [--port N] [--persist] [--check]
#
# --persist writes the settings to a sysctl drop-in so they survive reboot.
set -euo pipefail

SUBNET="192.168.50.0/24"
STREAM_PORT=5020
PERSIST=0
CHECK_ONLY=0
DROPIN="/etc/sysctl.d/60-cnc-streaming.conf"
LOG="./cnc_stream_tuning.log"

declare -A TUNABLES=(
    [net.core.rmem_max]=8388608
    [net.core.wmem_max]=8388608
    [net.ipv4.tcp_rmem]="4096 262144 8388608"
    [net.ipv4.tcp_wmem]="4096 262144 8388608"
    [net.ipv4.tcp_low_latency]=1
    [net.ipv4.tcp_slow_start_after_idle]=0
)

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

while (( $# )); do
    case "$1" in
        --subnet) SUBNET="$2"; shift 2 ;;
        --port) STREAM_PORT="$2"; shift 2 ;;
        --persist) PERSIST=1; shift ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

show_current() {
    local key
    for key in "${!TUNABLES[@]}"; do
        printf '%-40s now=%-24s want=%s\n' "$key" \
            "$(sysctl -n "$key" 2>/dev/null | tr '\t' ' ')" "${TUNABLES[$key]}"
    done
}

apply_tunables() {
    local key
    for key in "${!TUNABLES[@]}"; do
        if sudo sysctl -q -w "${key}=${TUNABLES[$key]}"; then
            log "set $key=${TUNABLES[$key]}"
        else
            log "WARN could not set $key"
        fi
    done
}

write_dropin() {
    local key tmp
    tmp="$(mktemp ./sysctl.XXXXXX)"
    {
        echo "# written by cnc_stream_tuning.sh on $(date -I)"
        for key in "${!TUNABLES[@]}"; do
            echo "${key} = ${TUNABLES[$key]}"
        done
    } > "$tmp"
    sudo install -o root -g root -m 0644 "$tmp" "$DROPIN"
    rm -f "$tmp"
    log "persisted to $DROPIN"
}

allow_controllers() {
    if sudo iptables -C INPUT -s "$SUBNET" -p tcp --dport "$STREAM_PORT" -j ACCEPT 2>/dev/null; then
        log "iptables rule for $SUBNET:$STREAM_PORT already present"
        return
    fi
    sudo iptables -I INPUT 1 -s "$SUBNET" -p tcp --dport "$STREAM_PORT" \
        -m comment --comment "cnc-stream" -j ACCEPT
    log "allowed $SUBNET to port $STREAM_PORT"
}

if (( CHECK_ONLY )); then
    show_current
    exit 0
fi

log "tuning for controllers on $SUBNET port $STREAM_PORT"
apply_tunables
allow_controllers
(( PERSIST )) && write_dropin
show_current
log "done"
