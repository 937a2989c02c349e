#!/usr/bin/env bash
# Turn the shed laptop into a gateway for the tally tablets.
# The laptop has the 4G dongle; the tablets hang off the shed wifi AP
# plugged into the laptop's ethernet port.
set -euo pipefail

UPLINK="${UPLINK:-wwan0}"
SHED_IF="${SHED_IF:-eth0}"
SHED_NET="${SHED_NET:-10.42.0.0/24}"
LOG="./gateway.log"
declare -a PRIV=()

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

pick_priv() {
    if [[ $EUID -eq 0 ]]; then
        PRIV=()
    elif command -v sudo >/dev/null; then
        PRIV=(sudo)
    else
        log "need root or sudo"; exit 1
    fi
}

as_root() { "${PRIV[@]}" "$@"; }

fw() {
    local tool="ipt""ables"
    as_root "$tool" "$@"
}

rule_present() {
    local table="$1" chain="$2"; shift 2
    fw -t "$table" -C "$chain" "$@" 2>/dev/null
}

ensure_rule() {
    local table="$1" chain="$2"; shift 2
    if rule_present "$table" "$chain" "$@"; then
        log "rule exists: $table/$chain $*"
    else
        fw -t "$table" -A "$chain" "$@"
        log "added: $table/$chain $*"
    fi
}

enable_forwarding() {
    local knob="net.ipv4.ip_forward"
    as_root sysctl -w "${knob}=1" >/dev/null
    log "$knob enabled"
}

setup() {
    enable_forwarding
    ensure_rule nat POSTROUTING -s "$SHED_NET" -o "$UPLINK" -j MASQUERADE
    ensure_rule filter FORWARD -i "$SHED_IF" -o "$UPLINK" -s "$SHED_NET" -j ACCEPT
    ensure_rule filter FORWARD -i "$UPLINK" -o "$SHED_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
}

teardown() {
    fw -t nat -D POSTROUTING -s "$SHED_NET" -o "$UPLINK" -j MASQUERADE 2>/dev/null || true
    fw -D FORWARD -i "$SHED_IF" -o "$UPLINK" -s "$SHED_NET" -j ACCEPT 2>/dev/null || true
    fw -D FORWARD -i "$UPLINK" -o "$SHED_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null || true
    as_root sysctl -w net.ipv4.ip_forward=0 >/dev/null
    log "gateway removed"
}

status() {
    fw -t nat -S POSTROUTING
    fw -S FORWARD
    as_root sysctl net.ipv4.ip_forward
}

main() {
    local action="${1:-up}"
    pick_priv
    case "$action" in
        up) setup; log "gateway up: $SHED_IF -> $UPLINK" ;;
        down) teardown ;;
        status) status ;;
        *) echo "usage: $0 {up|down|status}"; exit 2 ;;
    esac
}

main "$@"
