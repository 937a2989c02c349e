#!/usr/bin/env bash
# Prepare a tide network ingest host to receive gauge telemetry over UDP.
# Opens the telemetry port to the station subnet and sizes the socket
# receive buffer for the expected burst rate.
set -euo pipefail

PORT="${TG_TELEMETRY_PORT:-5005}"
SUBNET="${TG_STATION_SUBNET:-198.51.100.0/24}"
STATIONS="${TG_STATIONS:-120}"
MSG_BYTES="${TG_MSG_BYTES:-512}"
BURST_S="${TG_BURST_S:-2}"
APPLY=1

log() { printf '%s telemetry-setup: %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-p port] [-s subnet] [-n stations] [--plan]
  --plan   print what would change without applying it
EOF
    exit 64
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -s) SUBNET="$2"; shift 2 ;;
        -n) STATIONS="$2"; shift 2 ;;
        --plan) APPLY=0; shift ;;
        *) usage ;;
    esac
done

# Buffer sizing: every station may report in the same burst window,
# keep 4x headroom and round up to a power of two.
read -r RMEM NEED < <(STATIONS="$STATIONS" MSG_BYTES="$MSG_BYTES" BURST_S="$BURST_S" python3 - <<'PY'
import os
stations = int(os.environ["STATIONS"])
msg = int(os.environ["MSG_BYTES"])
burst = int(os.environ["BURST_S"])
need = stations * msg * burst * 4
size = 1 << max(need - 1, 1).bit_length()
print(max(size, 1 << 20), need)
PY
)

current="$(sysctl -n net.core.rmem_max 2>/dev/null || echo 0)"
log "port=$PORT subnet=$SUBNET need=${NEED}B rmem_max current=$current target=$RMEM"

if (( APPLY == 0 )); then
    echo "sudo iptables -I INPUT -p udp -s $SUBNET --dport $PORT -j ACCEPT"
    (( current < RMEM )) && echo "sudo sysctl -w net.core.rmem_max=$RMEM"
    exit 0
fi

if sudo iptables -C INPUT -p udp -s "$SUBNET" --dport "$PORT" -j ACCEPT 2>/dev/null; then
    log "firewall rule already present"
else
    sudo iptables -I INPUT -p udp -s "$SUBNET" --dport "$PORT" -j ACCEPT \
        -m comment --comment "tide telemetry"
    log "firewall rule added"
fi

if (( current < RMEM )); then
    sudo sysctl -w net.core.rmem_max="$RMEM" >/dev/null
    sudo sysctl -w net.core.rmem_default="$(( RMEM / 2 ))" >/dev/null
    log "receive buffers raised"
else
    log "receive buffers already sufficient"
fi

log "done"
