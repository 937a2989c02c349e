#!/usr/bin/env bash
# channel_sync_deploy.sh - roll out a new channel-manager sync config
#
# Takes the reviewed config from ./deploy/config.json, checks it parses
# and has a mapping for every room type, installs it where the channel-sync
# daemon reads it and restarts the daemon. Rolls back to the previous
# config if the daemon does not come back healthy.
#
# Usage: channel_sync_deploy.sh [-f config.json] [-y]
set -euo pipefail

SRC="./deploy/config.json"
DEST_DIR="/etc/channel-sync"
DEST="$DEST_DIR/config.json"
SERVICE="channel-sync.service"
HEALTH_URL="http://127.0.0.1:8099/healthz"
ASSUME_YES=0

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
err()  { printf 'error: %s\n' "$*" >&2; }

while getopts "f:yh" o; do
    case "$o" in
        f) SRC="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

validate() {
    python3 - "$1" <<'PY'
import json, sys
cfg = json.load(open(sys.argv[1]))
missing = [rt for rt, m in cfg.get("room_types", {}).items() if not m.get("channel_code")]
if not cfg.get("channels"):
    sys.exit("no channels configured")
if missing:
    sys.exit("room types without channel_code: " + ", ".join(missing))
print(f"{len(cfg['channels'])} channels, {len(cfg['room_types'])} room types")
PY
}

wait_healthy() {
    local i
    for i in $(seq 1 15); do
        if curl -fsS --max-time 2 "$HEALTH_URL" >/dev/null 2>&1; then
            return 0
        fi
        sleep 2
    done
    return 1
}

[ -f "$SRC" ] || { err "no config at $SRC"; exit 1; }
info "validating $SRC"
validate "$SRC" || { err "config rejected"; exit 1; }

if [ -f "$DEST" ] && ! diff -q "$DEST" "$SRC" >/dev/null 2>&1; then
    diff -u "$DEST" "$SRC" || true
elif [ -f "$DEST" ]; then
    info "config unchanged, nothing to do"
    exit 0
fi

if [ "$ASSUME_YES" != "1" ]; then
    read -r -p "Install and restart $SERVICE? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || exit 0
fi

stamp=$(date +%Y%m%d%H%M%S)
if [ -f "$DEST" ]; then
    sudo cp -p "$DEST" "$DEST.$stamp"
    info "previous config kept as $DEST.$stamp"
fi

sudo install -d -m 0750 -o root -g channelsync "$DEST_DIR"
sudo install -m 0640 -o root -g channelsync "$SRC" "$DEST"
info "restarting $SERVICE"
sudo systemctl restart "$SERVICE"

if wait_healthy; then
    info "$SERVICE healthy on new config"
    exit 0
fi

err "$SERVICE unhealthy after restart"
if [ -f "$DEST.$stamp" ]; then
    info "rolling back to $DEST.$stamp"
    sudo install -m 0640 -o root -g channelsync "$DEST.$stamp" "$DEST"
    sudo systemctl restart "$SERVICE"
    wait_healthy && info "rollback healthy" || err "rollback also unhealthy"
fi
sudo journalctl -u "$SERVICE" -n 40 --no-pager || true
exit 1
