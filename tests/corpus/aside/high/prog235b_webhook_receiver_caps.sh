#!/usr/bin/env bash
# webhook_receiver_caps.sh - prepare the online-order webhook receiver.
#
# The delivery platform insists on posting orders to port 443 of the
# taproom's order box. Rather than running the receiver as root, this
# script gives the receiver's own interpreter the capability to bind low
# ports, and writes the receiver config via a Python step.
set -euo pipefail

VENV="${RECEIVER_VENV:-./receiver-venv}"
CONFIG="./receiver.json"
LISTEN_ADDR="${RECEIVER_ADDR:-192.0.2.15}"
LISTEN_PORT="${RECEIVER_PORT:-443}"
PLATFORM_HOST="${PLATFORM_HOST:-hooks.example.com}"
CHECK_ONLY=0

log() { echo "[receiver-caps] $*"; }

while getopts "cp:a:h" opt; do
    case "$opt" in
        c) CHECK_ONLY=1 ;;
        p) LISTEN_PORT="$OPTARG" ;;
        a) LISTEN_ADDR="$OPTARG" ;;
        h) echo "usage: $0 [-c] [-a addr] [-p port]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

ensure_venv() {
    if [[ ! -x "$VENV/bin/python3" ]]; then
        log "creating venv in $VENV (copies, so setcap does not touch system python)"
        python3 -m venv --copies "$VENV"
    fi
    # resolve the real binary; capabilities cannot be set on symlinks
    readlink -f "$VENV/bin/python3"
}

write_config() {
    RC_ADDR="$LISTEN_ADDR" RC_PORT="$LISTEN_PORT" RC_PLATFORM="$PLATFORM_HOST" \
    RC_OUT="$CONFIG" python3 - <<'PY'
import json
import os

port = int(os.environ["RC_PORT"])
if not 1 <= port <= 65535:
    raise SystemExit(f"invalid port {port}")
cfg = {
    "listen": {"address": os.environ["RC_ADDR"], "port": port},
    "tls": {"cert": "certs/orders.pem", "key": "certs/orders.key"},
    "allowed_sources": [os.environ["RC_PLATFORM"]],
    "queue_dir": "incoming_orders",
}
with open(os.environ["RC_OUT"], "w") as fh:
    json.dump(cfg, fh, indent=2)
os.chmod(os.environ["RC_OUT"], 0o600)
print(f"config written: {cfg['listen']['address']}:{port}")
PY
}

current_caps() {
    getcap "$1" 2>/dev/null || true
}

main() {
    local py caps
    command -v setcap >/dev/null || { log "setcap missing (install libcap2-bin)"; exit 1; }
    py=$(ensure_venv)
    log "receiver interpreter: $py"
    case "$py" in
        /usr/*|/bin/*) log "refusing to set capabilities on a system binary ($py)"; exit 1 ;;
    esac

    caps=$(current_caps "$py")
    log "current capabilities: ${caps:-none}"

    if [[ $CHECK_ONLY -eq 1 ]]; then
        exit 0
    fi

    if [[ "$LISTEN_PORT" -lt 1024 && "$caps" != *cap_net_bind_service* ]]; then
        log "granting cap_net_bind_service to $py"
        sudo setcap 'cap_net_bind_service=+ep' "$py"
        log "now: $(current_caps "$py")"
    fi

    write_config
    mkdir -p incoming_orders
    log "ready; start with: $VENV/bin/python3 receiver.py --config $CONFIG"
}

main
