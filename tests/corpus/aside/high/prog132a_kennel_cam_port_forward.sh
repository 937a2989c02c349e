#!/usr/bin/env bash
# kennel_cam_port_forward.sh - publish the kennel run cameras on the
# gateway's public address so the owner app can reach them directly.
# Each camera gets an external port (base + index) NATed to its RTSP port.
#
#   ./kennel_cam_port_forward.sh cameras.txt        # add rules
#   ./kennel_cam_port_forward.sh -d cameras.txt     # remove them again
#
# cameras.txt: one "name ip [rtsp_port]" per line, '#' comments allowed.
set -euo pipefail

WAN_IF="${WAN_IF:-$(ip route show default | awk '{print $5; exit}')}"
BASE_PORT="${BASE_PORT:-15540}"
CHAIN_TAG="kennelcam"
ACTION="-A"
DELETE=0

usage() { echo "usage: $0 [-d] cameras.txt" >&2; exit 2; }
log()   { echo "[port-forward] $*" >&2; }

while getopts ":dh" opt; do
    case "$opt" in
        d) ACTION="-D"; DELETE=1 ;;
        h|*) usage ;;
    esac
done
shift $((OPTIND - 1))
CAMS="${1:-}"
[ -n "$CAMS" ] && [ -f "$CAMS" ] || usage
[ -n "$WAN_IF" ] || { log "cannot find the WAN interface; set WAN_IF"; exit 1; }

run_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

enable_forwarding() {
    local cur
    cur="$(cat /proc/sys/net/ipv4/ip_forward)"
    if [ "$cur" != "1" ]; then
        log "turning on IPv4 forwarding"
        run_priv sysctl -q -w net.ipv4.ip_forward=1
    fi
}

rule_exists() {
    run_priv iptables -t nat -C PREROUTING "$@" 2>/dev/null
}

forward_camera() {
    local name="$1" ip="$2" rport="$3" ext="$4"
    local spec=(-i "$WAN_IF" -p tcp --dport "$ext" -j DNAT --to-destination "$ip:$rport"
                -m comment --comment "$CHAIN_TAG:$name")
    if [ "$DELETE" -eq 0 ] && rule_exists "${spec[@]}"; then
        log "$name already forwarded on :$ext"
        return
    fi
    run_priv iptables -t nat "$ACTION" PREROUTING "${spec[@]}" || { log "nat rule for $name failed"; return 1; }
    run_priv iptables "$ACTION" FORWARD -p tcp -d "$ip" --dport "$rport" -j ACCEPT \
        -m comment --comment "$CHAIN_TAG:$name" || true
    if [ "$DELETE" -eq 1 ]; then
        log "removed $name (:$ext)"
    else
        log "$name -> $ip:$rport on :$ext"
    fi
}

main() {
    local idx=0 name ip rport
    [ "$DELETE" -eq 1 ] || enable_forwarding
    while read -r name ip rport _; do
        case "$name" in ''|\#*) continue ;; esac
        forward_camera "$name" "$ip" "${rport:-554}" $((BASE_PORT + idx))
        idx=$((idx + 1))
    done < "$CAMS"
    if [ "$DELETE" -eq 0 ] && command -v netfilter-persistent >/dev/null; then
        run_priv netfilter-persistent save >/dev/null
        log "rules saved"
    fi
    log "$idx camera(s) processed on $WAN_IF"
}

main
