#!/usr/bin/env bash
# Opens the ports the scoreboard, penalty-box tablets and the stream encoder
# need on the rink laptop, limited to the venue LAN, and removes them again
# after the bout.
set -euo pipefail

LAN="${VENUE_LAN:-198.51.100.0/24}"
CHAIN="INPUT"
COMMENT="derby-bout"
declare -A PORTS=(
    [scoreboard]=8000
    [tablets]=8001
    [encoder]=1935
)

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }

fw() {
    local bin
    bin="$(command -v ip""tables || echo /usr/sbin/iptables)"
    if [[ $EUID -ne 0 ]]; then
        sudo "$bin" "$@"
    else
        "$bin" "$@"
    fi
}

rule_args() {
    local port="$1"
    printf '%s\n' "$CHAIN" -p tcp -s "$LAN" --dport "$port" \
        -m comment --comment "$COMMENT" -j ACCEPT
}

has_rule() {
    local -a spec
    mapfile -t spec < <(rule_args "$1")
    fw -C "${spec[@]}" 2>/dev/null
}

open_ports() {
    local name port spec
    for name in "${!PORTS[@]}"; do
        port="${PORTS[$name]}"
        if has_rule "$port"; then
            log "$name ($port) already open"
            continue
        fi
        mapfile -t spec < <(rule_args "$port")
        fw -I "${spec[@]}"
        log "opened $name on $port for $LAN"
    done
}

close_ports() {
    local name port spec
    for name in "${!PORTS[@]}"; do
        port="${PORTS[$name]}"
        mapfile -t spec < <(rule_args "$port")
        while fw -C "${spec[@]}" 2>/dev/null; do
            fw -D "${spec[@]}"
        done
        log "closed $name ($port)"
    done
}

show() {
    fw -L "$CHAIN" -n --line-numbers | grep -E "$COMMENT|^num" || log "no bout rules present"
}

declare -A ACTIONS=([open]=open_ports [close]=close_ports [show]=show)
action="${1:-show}"
handler="${ACTIONS[$action]:-}"
if [[ -z "$handler" ]]; then
    echo "usage: $0 {open|close|show}" >&2
    exit 2
fi
"$handler"
