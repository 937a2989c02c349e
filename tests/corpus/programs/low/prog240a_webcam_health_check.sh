#!/usr/bin/env bash
# Health check for the public enclosure webcams.
# Sends a HEAD request to each camera's snapshot URL listed in cameras.conf
# (format: "<name> <url>" per line), records status code, latency and the
# age of the last snapshot, and writes ./camera_status.json for the website.
set -uo pipefail

CONF="${CAM_CONF:-./cameras.conf}"
OUT="${CAM_STATUS_OUT:-./camera_status.json}"
TIMEOUT="${CAM_TIMEOUT:-5}"
STALE_AFTER="${CAM_STALE_SECONDS:-300}"
LOG_FILE="./camera_health.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

if [[ ! -r "$CONF" ]]; then
    log "config $CONF not readable; example line: otters http://cam-otters.example.org/snapshot.jpg"
    exit 1
fi

results=""
checked=0
failed=0

check_camera() {
    local name="$1" url="$2" headers code latency
    # HEAD only, with a hard timeout so one dead camera doesn't stall the run.
    headers=$(curl -sS -I --max-time "$TIMEOUT" -w 'X-Latency: %{time_total}\n' "$url" 2>/dev/null) || {
        log "camera $name unreachable"
        printf '%s\tdown\t0\t\t\n' "$name"
        return 1
    }
    code=$(printf '%s\n' "$headers" | awk 'NR==1 {print $2}')
    latency=$(printf '%s\n' "$headers" | awk -F': ' '/^X-Latency/ {print $2}')
    modified=$(printf '%s\n' "$headers" | awk -F': ' 'tolower($1)=="last-modified" {sub(/\r$/, "", $2); print $2}')
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$code" "$latency" "$modified" "$url"
}

while read -r name url; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    if [[ ! "$url" =~ ^https?://[a-z0-9.-]+\.example\.(org|net|com)/ ]]; then
        log "skipping $name: unexpected URL $url"
        continue
    fi
    line=$(check_camera "$name" "$url") || failed=$((failed + 1))
    results+="$line"$'\n'
    checked=$((checked + 1))
done < "$CONF"

log "checked $checked cameras, $failed unreachable"

# Turn the tab-separated results into JSON and flag stale snapshots.
printf '%s' "$results" | STALE_AFTER="$STALE_AFTER" python3 -c '
import json, os, sys, time
from email.utils import parsedate_to_datetime

stale_after = int(os.environ["STALE_AFTER"])
now = time.time()
cams = []
for raw in sys.stdin:
    raw = raw.rstrip("\n")
    if not raw:
        continue
    name, code, latency, modified, url = (raw.split("\t") + [""] * 5)[:5]
    entry = {"name": name, "url": url, "status": code or "down"}
    try:
        entry["latency_ms"] = round(float(latency) * 1000)
    except ValueError:
        entry["latency_ms"] = None
    age = None
    if modified:
        try:
            age = int(now - parsedate_to_datetime(modified).timestamp())
        except (TypeError, ValueError):
            age = None
    entry["snapshot_age_s"] = age
    entry["healthy"] = code == "200" and (age is None or age < stale_after)
    cams.append(entry)
json.dump({"generated": int(now), "cameras": cams}, sys.stdout, indent=2)
' > "$OUT.partial" && mv "$OUT.partial" "$OUT"

unhealthy=$(python3 -c 'import json,sys; print(sum(not c["healthy"] for c in json.load(open(sys.argv[1]))["cameras"]))' "$OUT")
log "wrote $OUT ($unhealthy unhealthy)"
[[ "$unhealthy" -eq 0 ]]
