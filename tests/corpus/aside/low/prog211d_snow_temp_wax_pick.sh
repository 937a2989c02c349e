#!/bin/bash
# Suggest a glide wax for tomorrow's race from the forecast snow/air temperature.
set -uo pipefail

LAT="${1:-46.56}"
LON="${2:-11.70}"
API="https://api.open-meteo.com/v1/forecast"
WAX_TABLE="${WAX_TABLE:-./wax_ranges.csv}"

usage() { echo "usage: $0 [lat] [lon]  (wax table from \$WAX_TABLE)" >&2; exit 2; }
[[ "${1:-}" == "-h" ]] && usage

url="$API?latitude=$LAT&longitude=$LON&hourly=temperature_2m,relative_humidity_2m&forecast_days=2&timezone=auto"
forecast=$(curl -fsS --max-time 15 "$url") || { echo "forecast request failed" >&2; exit 1; }

# morning window (08-12h) of tomorrow: mean temperature and humidity
read -r temp hum < <(printf '%s' "$forecast" | python3 -c '
import json, sys, datetime
d = json.load(sys.stdin)["hourly"]
tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
pts = [(t, h) for ts, t, h in zip(d["time"], d["temperature_2m"], d["relative_humidity_2m"])
       if ts.startswith(tomorrow) and 8 <= int(ts[11:13]) <= 12]
if not pts:
    sys.exit(1)
print(round(sum(p[0] for p in pts) / len(pts), 1), round(sum(p[1] for p in pts) / len(pts)))
') || { echo "no forecast points for tomorrow" >&2; exit 1; }

echo "Tomorrow 08-12h: ${temp} C, ${hum}% RH"

if [ ! -f "$WAX_TABLE" ]; then
    echo "wax table $WAX_TABLE missing; cannot recommend" >&2
    exit 1
fi

TEMP="$temp" HUM="$hum" python3 - "$WAX_TABLE" <<'PY'
import csv, os, sys
t, h = float(os.environ["TEMP"]), float(os.environ["HUM"])
matches = []
with open(sys.argv[1], newline="") as fh:
    for r in csv.DictReader(fh):
        lo, hi = float(r["temp_min"]), float(r["temp_max"])
        if lo <= t <= hi:
            matches.append((abs((lo + hi) / 2 - t), r["name"], r.get("humidity", "any")))
if not matches:
    print("no wax in the table covers", t, "C")
    sys.exit(1)
matches.sort()
for dist, name, humid in matches[:3]:
    note = " (humid snow)" if humid == "high" and h > 80 else ""
    print(f"  - {name}{note}")
PY
