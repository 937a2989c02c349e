#!/usr/bin/env bash
# camera_port_forward.sh - on the gate router box, forwards one RTSP port per
# lane camera so the OCR server on the office network can pull the streams.
# Mapping file lines: <lane> <camera-ip> <external-port>
set -euo pipefail

MAP_FILE="${MAP_FILE:-./lane_cameras.map}"
OFFICE_IF="${OFFICE_IF:-eth1}"
OCR_SERVER="${OCR_SERVER:-198.51.100.10}"
RTSP_PORT=554
APPLY=1

log() { echo "$(date '+%F %T') port-forward: $*"; }

while getopts ":m:i:s:nh" opt; do
    case "$opt" in
        m) MAP_FILE="$OPTARG" ;;
        i) OFFICE_IF="$OPTARG" ;;
        s) OCR_SERVER="$OPTARG" ;;
        n) APPLY=0 ;;
        h) echo "usage: $0 [-m map] [-i office_if] [-s ocr_server] [-n]"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

[[ -r "$MAP_FILE" ]] || { log "map file $MAP_FILE missing"; exit 1; }

SUDO=""
[[ "$(id -u)" -eq 0 ]] || SUDO="sudo"

# validate the map with python: addresses, port ranges, duplicates.
# It prints clean "lane ip port" lines on stdout, problems on stderr.
RULES="$(MAP_FILE="$MAP_FILE" python3 - <<'PY'
import ipaddress, os, sys
seen_ports = set()
ok = True
with open(os.environ["MAP_FILE"]) as fh:
    for n, line in enumerate(fh, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            lane, ip, port = line.split()
            ipaddress.ip_address(ip)
            port = int(port)
            if not 1024 < port < 65536 or port in seen_ports:
                raise ValueError("bad or duplicate port %d" % port)
            seen_ports.add(port)
            print(lane, ip, port)
        except ValueError as exc:
            print("line %d: %s" % (n, exc), file=sys.stderr)
            ok = False
sys.exit(0 if ok else 1)
PY
)" || { log "map file has errors, nothing changed"; exit 1; }

count="$(grep -c . <<<"$RULES" || true)"
log "$count camera forwards to set up on $OFFICE_IF for $OCR_SERVER"

if (( ! APPLY )); then
    while read -r lane ip port; do
        log "would forward $OFFICE_IF:$port -> $ip:$RTSP_PORT ($lane)"
    done <<<"$RULES"
    exit 0
fi

current="$($SUDO sysctl -n net.ipv4.ip_forward)"
if [[ "$current" != "1" ]]; then
    log "enabling IPv4 forwarding"
    $SUDO sysctl -w net.ipv4.ip_forward=1 >/dev/null
fi

while read -r lane ip port; do
    comment="gate-cam-$lane"
    if $SUDO iptables -t nat -C PREROUTING -i "$OFFICE_IF" -s "$OCR_SERVER" -p tcp \
         --dport "$port" -j DNAT --to-destination "$ip:$RTSP_PORT" \
         -m comment --comment "$comment" 2>/dev/null; then
        log "$lane already forwarded"
        continue
    fi
    $SUDO iptables -t nat -A PREROUTING -i "$OFFICE_IF" -s "$OCR_SERVER" -p tcp \
        --dport "$port" -j DNAT --to-destination "$ip:$RTSP_PORT" \
        -m comment --comment "$comment"
    $SUDO iptables -A FORWARD -s "$OCR_SERVER" -d "$ip" -p tcp --dport "$RTSP_PORT" \
        -m comment --comment "$comment" -j ACCEPT
    log "forwarded $OFFICE_IF:$port -> $ip:$RTSP_PORT ($lane)"
done <<<"$RULES"

$SUDO iptables -t nat -S PREROUTING | grep -c 'gate-cam-' | xargs -I{} \
    echo "$(date '+%F %T') port-forward: {} camera rules active"
