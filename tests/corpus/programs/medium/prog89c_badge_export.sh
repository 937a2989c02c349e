#!/usr/bin/env bash
# badge_export.sh - pull door/badge events from the access-control controller
# and write one CSV per customer cage for the monthly access report.
#
# Config (default ./badge_export.conf, KEY=value lines):
#   CONTROLLER_URL=https://acs01.fra2.colo-ops.example.net
#   BADGE_API_TOKEN=...
#   CAGE_MAP=./cage_readers.tsv      # reader_id <TAB> cage
set -euo pipefail

CONF="${BADGE_EXPORT_CONF:-./badge_export.conf}"
OUT_DIR="./exports"
STATE_FILE="./.badge_export.last"
LOG_FILE="./badge_export.log"
QUIET=0
SINCE=""

log() {
    local msg
    msg="$(date -u +%FT%TZ) $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-c conf] [-o outdir] [-s since] [-q]
  -c  config file (default $CONF)
  -o  output directory (default $OUT_DIR)
  -s  ISO timestamp to export from (default: last run)
  -q  quiet, log to file only
EOF
}

while getopts ":c:o:s:qh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

load_conf() {
    [[ -r "$CONF" ]] || { log "config $CONF not readable"; exit 78; }
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            CONTROLLER_URL|BADGE_API_TOKEN|CAGE_MAP) printf -v "$key" '%s' "$value" ;;
        esac
    done < "$CONF"
    : "${CONTROLLER_URL:?CONTROLLER_URL missing in $CONF}"
    : "${BADGE_API_TOKEN:?BADGE_API_TOKEN missing in $CONF}"
    CAGE_MAP="${CAGE_MAP:-./cage_readers.tsv}"
}

fetch_events() {
    local since="$1" dest="$2"
    curl -sS --fail -k --retry 3 --retry-delay 5 --max-time 120 \
        -H "Authorization: Token ${BADGE_API_TOKEN}" \
        -H "Accept: text/csv" \
        --get --data-urlencode "since=${since}" --data-urlencode "type=door" \
        "${CONTROLLER_URL%/}/api/v3/events" -o "$dest"
}

split_by_cage() {
    local events="$1" stamp="$2"
    awk -F',' -v OFS=',' -v outdir="$OUT_DIR" -v stamp="$stamp" '
        FNR == NR { cage[$1] = $2; next }
        FNR == 1  { header = $0; next }
        {
            c = ($3 in cage) ? cage[$3] : "unassigned"
            f = outdir "/" c "_" stamp ".csv"
            if (!(f in seen)) { print header > f; seen[f] = 1 }
            print $0 >> f
        }
    ' FS='\t' "$CAGE_MAP" FS=',' "$events"
}

main() {
    load_conf
    mkdir -p "$OUT_DIR"
    if [[ -z "$SINCE" ]]; then
        SINCE="$(cat "$STATE_FILE" 2>/dev/null || date -u -d '1 day ago' +%FT%TZ)"
    fi
    local now stamp raw
    now="$(date -u +%FT%TZ)"
    stamp="$(date -u +%Y%m%d%H%M)"
    raw="$OUT_DIR/.raw_${stamp}.csv"

    log "exporting events since $SINCE from $CONTROLLER_URL"
    if ! fetch_events "$SINCE" "$raw"; then
        log "controller fetch failed"
        exit 1
    fi
    local count
    count=$(( $(wc -l < "$raw") - 1 ))
    if (( count <= 0 )); then
        log "no new events"
        rm -f "$raw"
        echo "$now" > "$STATE_FILE"
        exit 0
    fi

    split_by_cage "$raw" "$stamp"
    rm -f "$raw"
    gzip -f "$OUT_DIR"/*_"${stamp}".csv
    echo "$now" > "$STATE_FILE"
    log "wrote $count events into $(ls "$OUT_DIR"/*_"${stamp}".csv.gz | wc -l) cage files"
}

main "$@"
