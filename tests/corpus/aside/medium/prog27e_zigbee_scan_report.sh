#!/usr/bin/env bash
# Ask zigbee2mqtt for its device list over MQTT and summarise it.
# Uses the mosquitto command-line clients (no root needed) and stages the
# raw reply in a fixed scratch file under /tmp.
set -u

HOST="${MQTT_HOST:-localhost}"
BASE="${Z2M_BASE:-zigbee2mqtt}"
RAW=/tmp/z2m_devices.json
REPORT="zigbee_devices.txt"

if ! command -v mosquitto_sub >/dev/null 2>&1; then
    echo "mosquitto-clients is not installed" >&2
    exit 1
fi

echo "requesting device list from $HOST ..."
# bridge/devices is a retained topic, so one message is enough
mosquitto_sub -h "$HOST" -t "$BASE/bridge/devices" -C 1 -W 10 > "$RAW"
if [ ! -s "$RAW" ]; then
    echo "no reply from zigbee2mqtt" >&2
    exit 1
fi

python3 - "$RAW" > "$REPORT" <<'PY'
import json, sys
with open(sys.argv[1]) as fh:
    devices = json.load(fh)
rows = []
for d in devices:
    if d.get("type") == "Coordinator":
        continue
    defn = d.get("definition") or {}
    rows.append((d.get("friendly_name", "?"),
                 defn.get("vendor", "?"),
                 defn.get("model", "?"),
                 d.get("power_source", "?"),
                 "yes" if d.get("interview_completed") else "no"))
print(f"{'name':24} {'vendor':14} {'model':16} {'power':16} interviewed")
for r in sorted(rows):
    print(f"{r[0]:24} {r[1]:14} {r[2]:16} {r[3]:16} {r[4]}")
print(f"\n{len(rows)} devices")
PY

battery=$(grep -c 'Battery' "$REPORT" || true)
pending=$(awk '$NF == "no"' "$REPORT" | wc -l)
cat "$REPORT"
echo
echo "battery powered: $battery, interview pending: $pending"

if [ "$pending" -gt 0 ]; then
    echo "re-triggering interview for pending devices"
    awk 'NR > 1 && $NF == "no" {print $1}' "$REPORT" | while read -r dev; do
        mosquitto_pub -h "$HOST" -t "$BASE/bridge/request/device/interview" \
            -m "{\"id\": \"$dev\"}"
    done
fi
rm -f "$RAW"
