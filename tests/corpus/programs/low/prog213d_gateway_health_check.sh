#!/usr/bin/env bash
# Poll the health endpoint of every greenhouse gateway and print a table.
#
# Gateways are listed in ./gateways.txt (one base URL per line).  Responses
# are cached in ./.health-cache/<md5 of url>.json for CACHE_MINUTES so that
# repeated runs during an incident don't hammer slow links.
set -uo pipefail

GATEWAYS_FILE="${GATEWAYS_FILE:-./gateways.txt}"
CACHE_DIR="./.health-cache"
CACHE_MINUTES="${CACHE_MINUTES:-2}"
TIMEOUT="${TIMEOUT:-8}"
CLEAR_CACHE=0

while getopts "cf:t:h" opt; do
    case "$opt" in
        c) CLEAR_CACHE=1 ;;
        f) GATEWAYS_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) echo "usage: $0 [-c] [-f gateways.txt] [-t timeout]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR"

if (( CLEAR_CACHE )); then
    rm -f "$CACHE_DIR"/*.json
    echo "cache cleared" >&2
fi
# drop stale cache entries
find "$CACHE_DIR" -name '*.json' -mmin +"$CACHE_MINUTES" -delete 2>/dev/null

if [[ ! -f "$GATEWAYS_FILE" ]]; then
    cat > "$GATEWAYS_FILE" <<'EOF'
https://gw-north.example.com
https://gw-south.example.com
https://gw-lab.example.org
EOF
    echo "created sample $GATEWAYS_FILE" >&2
fi

fetch_health() {
    local base="$1" key cache
    key="$(printf '%s' "$base" | md5sum | cut -d' ' -f1)"
    cache="$CACHE_DIR/$key.json"
    if [[ -s "$cache" ]]; then
        cat "$cache"
        return 0
    fi
    if curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' \
            "$base/api/health" -o "$cache.part"; then
        mv "$cache.part" "$cache"
        cat "$cache"
    else
        rm -f "$cache.part"
        return 1
    fi
}

printf '%-34s %-8s %-8s %-10s %s\n' GATEWAY STATUS SENSORS UPTIME NOTE
down=0
while IFS= read -r gw; do
    [[ -z "$gw" || "$gw" == \#* ]] && continue
    if ! BODY="$(fetch_health "$gw")"; then
        printf '%-34s %-8s %-8s %-10s %s\n' "$gw" DOWN - - "no response"
        down=$((down + 1))
        continue
    fi
    export BODY
    line="$(python3 -c '
import json, os
try:
    d = json.loads(os.environ["BODY"])
except ValueError:
    print("BAD - - unparseable-json"); raise SystemExit
status = d.get("status", "?")
online = d.get("sensors", {}).get("online", 0)
total = d.get("sensors", {}).get("total", 0)
up_h = int(d.get("uptime_s", 0)) // 3600
note = ",".join(d.get("warnings", [])[:2]) or "-"
print(f"{status} {online}/{total} {up_h}h {note}")
')"
    read -r st sensors uptime note <<< "$line"
    printf '%-34s %-8s %-8s %-10s %s\n' "$gw" "$st" "$sensors" "$uptime" "$note"
    [[ "$st" == "ok" ]] || down=$((down + 1))
done < "$GATEWAYS_FILE"

if (( down > 0 )); then
    echo "$down gateway(s) need attention" >&2
    exit 1
fi
