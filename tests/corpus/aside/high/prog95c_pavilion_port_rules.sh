#!/usr/bin/env bash
# pavilion_port_rules.sh - let the garden LAN reach the pavilion services
#
# The pavilion Pi at Ashgrove Community Garden serves the plot map (port
# 8080) and receives readings from the trough meters over MQTT (1883).
# Only devices on the garden Wi-Fi should reach them.  Run after changing
# ports.conf; rules are tagged so re-running replaces them cleanly.
#
# ports.conf lines look like:   8080 tcp plot-map
#                               1883 tcp meter-mqtt

set -euo pipefail

CONF="${1:-ports.conf}"
LAN_CIDR="${GARDEN_LAN:-192.168.50.0/24}"
TAG="ashgrove-pavilion"
PERSIST="${PERSIST:-1}"

info() { echo "[ports] $*"; }
err()  { echo "[ports] error: $*" >&2; exit 1; }

[ -r "$CONF" ] || err "cannot read $CONF"

if [ "$(id -u)" -eq 0 ]; then
    IPT=(iptables)
    SAVE=(sh -c 'iptables-save > /etc/iptables/rules.v4')
else
    command -v sudo >/dev/null || err "need root or sudo"
    IPT=(sudo iptables)
    SAVE=(sudo sh -c 'iptables-save > /etc/iptables/rules.v4')
fi

drop_tagged() {
    # delete our old rules, highest line number first so numbering stays valid
    local nums
    nums=$("${IPT[@]}" -L INPUT --line-numbers -n | awk -v t="$TAG" '$0 ~ t {print $1}' | sort -rn)
    for n in $nums; do
        "${IPT[@]}" -D INPUT "$n"
    done
    [ -n "$nums" ] && info "removed $(echo "$nums" | wc -w) old rules"
    return 0
}

add_rule() {
    local port="$1" proto="$2" name="$3"
    "${IPT[@]}" -I INPUT -p "$proto" -s "$LAN_CIDR" --dport "$port" \
        -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT \
        -m comment --comment "$TAG:$name"
    "${IPT[@]}" -A INPUT -p "$proto" --dport "$port" -j DROP \
        -m comment --comment "$TAG:$name-drop"
    info "port $port/$proto ($name) open to $LAN_CIDR"
}

main() {
    drop_tagged
    local count=0
    while read -r port proto name _; do
        case "$port" in ''|\#*) continue ;; esac
        [[ "$port" =~ ^[0-9]+$ ]] || { info "skipping bad line: $port $proto $name"; continue; }
        add_rule "$port" "${proto:-tcp}" "${name:-svc$port}"
        count=$((count + 1))
    done < "$CONF"
    info "$count services configured"

    if [ "$PERSIST" = 1 ]; then
        if [ -d /etc/iptables ]; then
            "${SAVE[@]}"
            info "rules saved to /etc/iptables/rules.v4"
        else
            info "iptables-persistent not installed; rules last until reboot"
        fi
    fi
}

main
