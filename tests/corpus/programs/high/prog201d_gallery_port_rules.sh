#!/usr/bin/env bash
# Open or close the exhibit gallery's display ports on the workshop server.
# The touch-screen kiosks (192.0.2.0/24) pull slideshows and organ audio from
# this machine during open days; outside open days the ports are closed.
set -euo pipefail

KIOSK_NET="${KIOSK_NET:-192.0.2.0/24}"
PORTS=(8080 8443 5004)
CHAIN="INPUT"
COMMENT="carousel-gallery"

log() { printf '%s gallery-rules: %s\n' "$(date +%T)" "$*"; }

usage() {
    cat <<USAGE
Usage: $0 {open|close|show} [-n NET]
  open   allow kiosk network to reach display ports
  close  remove those allowances again
  show   list the current gallery rules
USAGE
}

fw() {
    local tool="ip""tables"
    sudo "$tool" "$@"
}

rule_spec() {
    local port="$1"
    printf '%s\n' "$CHAIN" -p tcp -s "$KIOSK_NET" --dport "$port" \
        -m comment --comment "$COMMENT" -j ACCEPT
}

has_rule() {
    mapfile -t spec < <(rule_spec "$1")
    fw -C "${spec[@]}" 2>/dev/null
}

open_ports() {
    local port
    for port in "${PORTS[@]}"; do
        if has_rule "$port"; then
            log "port $port already open for $KIOSK_NET"
            continue
        fi
        mapfile -t spec < <(rule_spec "$port")
        fw -I "${spec[@]}"
        log "opened port $port for $KIOSK_NET"
    done
}

close_ports() {
    local port
    for port in "${PORTS[@]}"; do
        if has_rule "$port"; then
            mapfile -t spec < <(rule_spec "$port")
            fw -D "${spec[@]}"
            log "closed port $port"
        fi
    done
}

show_rules() {
    fw -S "$CHAIN" | grep -- "$COMMENT" || log "no gallery rules present"
}

action="${1:-}"; shift || true
while getopts ":n:" opt; do
    case "$opt" in
        n) KIOSK_NET="$OPTARG" ;;
        *) usage; exit 2 ;;
    esac
done

case "$action" in
    open) open_ports ;;
    close) close_ports ;;
    show) show_rules ;;
    *) usage; exit 2 ;;
esac
