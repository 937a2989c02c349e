#!/usr/bin/env bash
# Open the booking kiosk's ports to the hall network only.
set -euo pipefail

CONFIG="${KIOSK_PORTS_CONF:-kiosk_ports.json}"
HALL_NET="${HALL_NET:-192.0.2.0/24}"
SAVE=1
CHECK_ONLY=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c config.json] [-n subnet] [-s] [-t]
  -c FILE   JSON file with {"tcp": [...], "udp": [...]}
  -n NET    source network allowed, default $HALL_NET
  -s        do not save rules to /etc/iptables/rules.v4
  -t        only check which rules are missing
EOF
}

while getopts ":c:n:sth" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) HALL_NET="$OPTARG" ;;
        s) SAVE=0 ;;
        t) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date +%T) $*" >&2; }

if ! command -v iptables >/dev/null; then
    log "iptables not installed"
    exit 1
fi

read_ports() {
    python3 - "$CONFIG" <<'PY'
import json, sys
defaults = {"tcp": [8080, 8443], "udp": [5353]}
try:
    with open(sys.argv[1]) as fh:
        data = json.load(fh)
except (OSError, ValueError):
    data = defaults
for proto in ("tcp", "udp"):
    for port in data.get(proto, []):
        if isinstance(port, int) and 0 < port < 65536:
            print(proto, port)
PY
}

added=0
missing=0
while read -r proto port; do
    rule=(INPUT -p "$proto" -s "$HALL_NET" --dport "$port" -m comment --comment hall-kiosk -j ACCEPT)
    if sudo iptables -C "${rule[@]}" 2>/dev/null; then
        log "present: $proto/$port from $HALL_NET"
        continue
    fi
    missing=$((missing + 1))
    if [[ $CHECK_ONLY -eq 1 ]]; then
        log "missing: $proto/$port"
        continue
    fi
    if sudo iptables -I "${rule[@]}"; then
        added=$((added + 1))
        log "added: $proto/$port from $HALL_NET"
    else
        log "failed to add $proto/$port"
    fi
done < <(read_ports)

if [[ $CHECK_ONLY -eq 1 ]]; then
    log "$missing rule(s) missing"
    exit $(( missing > 0 ))
fi

if [[ $SAVE -eq 1 && $added -gt 0 ]]; then
    sudo mkdir -p /etc/iptables
    sudo iptables-save | sudo tee /etc/iptables/rules.v4 >/dev/null
    log "saved rules to /etc/iptables/rules.v4"
fi
log "done, $added rule(s) added"
