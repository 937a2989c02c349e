#!/usr/bin/env bash
# Build the quarterly grant report from the outcomes spreadsheet exports.
#
# Each funder wants its numbers in a slightly different layout, so layouts
# are small shell plugins listed in report_plugins.conf:
#
#     # name        url
#     ford_q        https://templates.grantdesk.example.com/plugins/ford_q.sh
#     united_way    https://templates.grantdesk.example.com/plugins/united_way.sh
#
# A plugin defines render_<name> which reads outcomes.csv on stdin and writes
# the funder's markdown on stdout.  Plugins are refreshed once a day.
#
#   ./grant_report_plugins.sh -q 2024Q3 [-f ford_q] [-o reports/]
set -euo pipefail

CONF="${REPORT_PLUGINS_CONF:-report_plugins.conf}"
PLUGIN_DIR="${PLUGIN_DIR:-.report_plugins}"
OUT_DIR="reports"
QUARTER=""
ONLY=""
MAX_AGE_MIN=1440

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

usage() {
    echo "usage: $0 -q QUARTER [-f FUNDER] [-o OUTDIR]" >&2
    exit 64
}

while getopts "q:f:o:h" opt; do
    case "$opt" in
        q) QUARTER="$OPTARG" ;;
        f) ONLY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done
[[ -n "$QUARTER" ]] || usage
[[ -f "$CONF" ]] || { log "missing $CONF"; exit 66; }

mkdir -p "$PLUGIN_DIR" "$OUT_DIR"

refresh_plugin() {
    local name="$1" url="$2"
    local dest="$PLUGIN_DIR/$name.sh"
    if [[ -f "$dest" ]] && [[ -z "$(find "$dest" -mmin +"$MAX_AGE_MIN")" ]]; then
        return 0
    fi
    log "refreshing layout $name"
    local attempt
    for attempt in 1 2 3; do
        if wget -q --timeout=20 -O "$dest.part" "$url"; then
            mv "$dest.part" "$dest"
            return 0
        fi
        log "  download failed (attempt $attempt)"
        sleep $((attempt * 2))
    done
    rm -f "$dest.part"
    [[ -f "$dest" ]]   # fall back to yesterday's copy if we have one
}

quarter_csv() {
    local src="exports/outcomes_${QUARTER}.csv"
    [[ -f "$src" ]] || { log "no outcomes export $src"; exit 66; }
    # drop the spreadsheet's trailing totals row and blank lines
    grep -v '^TOTAL,' "$src" | sed '/^[[:space:]]*$/d'
}

render_one() {
    local name="$1"
    local plugin="$PLUGIN_DIR/$name.sh"
    # shellcheck disable=SC1090
    . "$plugin"
    if ! declare -F "render_$name" >/dev/null; then
        log "layout $name does not define render_$name"
        return 1
    fi
    quarter_csv | "render_$name" "$QUARTER" > "$OUT_DIR/${name}_${QUARTER}.md"
    log "wrote $OUT_DIR/${name}_${QUARTER}.md"
}

failures=0
while read -r name url; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    if ! refresh_plugin "$name" "$url"; then
        log "skipping $name: no layout available"
        failures=$((failures + 1))
        continue
    fi
    render_one "$name" || failures=$((failures + 1))
done < "$CONF"

if (( failures )); then
    log "$failures layout(s) failed"
    exit 1
fi
log "all reports for $QUARTER written to $OUT_DIR"
