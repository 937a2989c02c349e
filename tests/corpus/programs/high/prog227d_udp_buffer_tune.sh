#!/usr/bin/env bash
# udp_buffer_tune.sh - size kernel UDP buffers for a match host.
#
# Computes socket buffer sizes from tick rate, players per server and the
# number of server instances on the host, then applies them with sysctl.
# Current values are saved first so --revert can put them back.
#
# usage: udp_buffer_tune.sh [-t tickrate] [-p players] [-n instances] [--revert] [--show]

set -euo pipefail

TICKRATE=128
PLAYERS=10
INSTANCES=4
MODE="apply"
SAVE_FILE="./sysctl_before_tune.txt"
KEYS=(net.core.rmem_max net.core.wmem_max net.core.rmem_default net.core.netdev_max_backlog)

msg() { echo "[udp-tune] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t) TICKRATE="$2"; shift 2 ;;
        -p) PLAYERS="$2"; shift 2 ;;
        -n) INSTANCES="$2"; shift 2 ;;
        --revert) MODE="revert"; shift ;;
        --show) MODE="show"; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) msg "unknown option $1"; exit 1 ;;
    esac
done

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

show() {
    for k in "${KEYS[@]}"; do
        printf '%-32s %s\n' "$k" "$(sysctl -n "$k")"
    done
}

if [[ "$MODE" == "show" ]]; then
    show
    exit 0
fi

if [[ "$MODE" == "revert" ]]; then
    [[ -f "$SAVE_FILE" ]] || { msg "nothing saved in $SAVE_FILE"; exit 2; }
    while read -r key value; do
        [[ -n "$key" ]] || continue
        $SUDO sysctl -w "$key=$value" >/dev/null && msg "restored $key=$value"
    done < "$SAVE_FILE"
    exit 0
fi

# save current values once
if [[ ! -f "$SAVE_FILE" ]]; then
    show | awk '{print $1, $2}' > "$SAVE_FILE"
    msg "saved current values to $SAVE_FILE"
fi

# Work out the numbers in Python; hand the inputs over in the environment.
PLAN="$(TICKRATE="$TICKRATE" PLAYERS="$PLAYERS" INSTANCES="$INSTANCES" python3 - <<'PY'
import os
tick = int(os.environ["TICKRATE"])
players = int(os.environ["PLAYERS"])
inst = int(os.environ["INSTANCES"])
if not (20 <= tick <= 256 and 1 <= players <= 64 and 1 <= inst <= 32):
    raise SystemExit("inputs out of range")
pkt = 1400                       # worst-case snapshot packet
burst_s = 0.5                    # absorb half a second of backlog
per_server = tick * players * pkt * burst_s * 2   # in + out
rmem = max(8 << 20, int(per_server * inst))
rmem = 1 << (rmem - 1).bit_length()               # round up to power of two
print("net.core.rmem_max", rmem)
print("net.core.wmem_max", rmem)
print("net.core.rmem_default", max(1 << 20, rmem // 8))
print("net.core.netdev_max_backlog", max(5000, tick * players * inst))
PY
)"

msg "plan for ${INSTANCES}x ${PLAYERS}p @${TICKRATE} tick:"
echo "$PLAN" | sed 's/^/    /'

while read -r key value; do
    current="$(sysctl -n "$key")"
    if [[ "$current" -ge "$value" ]]; then
        msg "$key already $current (>= $value)"
        continue
    fi
    $SUDO sysctl -w "$key=$value" >/dev/null && msg "set $key=$value (was $current)"
done <<< "$PLAN"

msg "done; run with --revert to undo"
