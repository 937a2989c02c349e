#!/usr/bin/env bash
# ocpp_gateway_reconfig.sh - render a new gateway.ini for the OCPP gateway
# service on a station controller, install it under /etc and restart the
# service.
#
# The INI is rendered by an embedded Python helper from values passed in the
# environment; the result is staged in a temp file and installed with sudo.
set -euo pipefail

CSMS_URL="${CSMS_URL:-wss://csms.example.com/ocpp/1.6}"
STATION_ID="${STATION_ID:-}"
HEARTBEAT="${HEARTBEAT:-300}"
METER_INTERVAL="${METER_INTERVAL:-60}"
CONF_PATH="/etc/ocpp-gateway/gateway.ini"
SERVICE="ocpp-gateway.service"
RESTART=1

log() { echo "$(date +%FT%T) [gw-reconfig] $*" >&2; }

usage() {
    echo "usage: $0 --station ID [--csms URL] [--heartbeat S] [--meter-interval S] [--no-restart]" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --station) STATION_ID="$2"; shift 2 ;;
        --csms) CSMS_URL="$2"; shift 2 ;;
        --heartbeat) HEARTBEAT="$2"; shift 2 ;;
        --meter-interval) METER_INTERVAL="$2"; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[ -n "$STATION_ID" ] || { log "--station is required"; usage; exit 1; }

STAGE="$(mktemp --suffix=.ini)"
trap 'rm -f "$STAGE"' EXIT

export CSMS_URL STATION_ID HEARTBEAT METER_INTERVAL
python3 - > "$STAGE" <<'PY'
import configparser, os, sys
from urllib.parse import urlparse

url = os.environ["CSMS_URL"]
u = urlparse(url)
if u.scheme not in ("ws", "wss") or not u.hostname:
    sys.exit(f"bad CSMS url: {url}")
hb = int(os.environ["HEARTBEAT"])
mi = int(os.environ["METER_INTERVAL"])
if not (30 <= hb <= 3600 and 10 <= mi <= 900):
    sys.exit("heartbeat or meter interval out of range")

cfg = configparser.ConfigParser()
cfg["csms"] = {"url": url, "station_id": os.environ["STATION_ID"], "tls": str(u.scheme == "wss").lower()}
cfg["timing"] = {"heartbeat_interval": str(hb), "meter_values_interval": str(mi)}
cfg["meter"] = {"measurands": "Energy.Active.Import.Register,Power.Active.Import"}
cfg.write(sys.stdout)
PY

log "rendered config:"
sed 's/^/    /' "$STAGE" >&2

if sudo test -f "$CONF_PATH"; then
    if sudo cmp -s "$STAGE" "$CONF_PATH"; then
        log "config unchanged, nothing to do"
        exit 0
    fi
    sudo cp -p "$CONF_PATH" "$CONF_PATH.bak"
    log "previous config saved to $CONF_PATH.bak"
fi

sudo install -D -o root -g root -m 0644 "$STAGE" "$CONF_PATH"
log "installed $CONF_PATH"

if [ "$RESTART" -eq 1 ]; then
    sudo systemctl restart "$SERVICE"
    sleep 2
    if systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE restarted"
    else
        log "$SERVICE failed to start, restoring previous config"
        if sudo test -f "$CONF_PATH.bak"; then
            sudo install -m 0644 "$CONF_PATH.bak" "$CONF_PATH"
            sudo systemctl restart "$SERVICE" || true
        fi
        exit 2
    fi
fi
log "done"
