#!/bin/sh
# berth_schedule_sync.sh - pull the published berth window schedule from the
# port community system and keep a local CSV plus a change log for planners.
#
#   ./berth_schedule_sync.sh [-t terminal] [-d days] [-o outdir]
#
# Needs: curl, jq
set -eu

PCS_BASE=${PCS_BASE:-https://pcs.portauthority.example/public/berth-windows}
TERMINAL=${TERMINAL:-CT2}
DAYS=${DAYS:-7}
OUTDIR=${OUTDIR:-./berth}
CONF=${CONF:-./berth_sync.conf}

load_conf() {
    while IFS='=' read -r key value; do
        case "$key" in
            PCS_BASE) PCS_BASE=$value ;;
            TERMINAL) TERMINAL=$value ;;
            DAYS) DAYS=$value ;;
            OUTDIR) OUTDIR=$value ;;
            ''|\#*) ;;
            *) echo "berth-sync: ignoring config key $key" >&2 ;;
        esac
    done < "$1"
}

if [ -r "$CONF" ]; then load_conf "$CONF"; fi

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') berth-sync: $*" >&2
}

die() {
    log "error: $*"
    exit 1
}

while getopts "t:d:o:h" opt; do
    case "$opt" in
        t) TERMINAL=$OPTARG ;;
        d) DAYS=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

for bin in curl jq; do
    command -v "$bin" >/dev/null 2>&1 || die "$bin is required"
done

mkdir -p "$OUTDIR"
CURRENT="$OUTDIR/schedule_${TERMINAL}.csv"
PREVIOUS="$OUTDIR/schedule_${TERMINAL}.prev.csv"
PARTIAL="$OUTDIR/.schedule_${TERMINAL}.json.part"
CHANGES="$OUTDIR/changes_${TERMINAL}.log"

fetch_schedule() {
    from=$(date -u '+%Y-%m-%d')
    attempt=1
    while [ "$attempt" -le 4 ]; do
        if curl -fsSL --max-time 30 \
                -H 'Accept: application/json' \
                -o "$PARTIAL" \
                "$PCS_BASE?terminal=$TERMINAL&from=$from&days=$DAYS"; then
            return 0
        fi
        log "fetch attempt $attempt failed"
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

to_csv() {
    jq -r '
        ["vessel","imo","voyage","berth","eta","etb","etd","status"],
        (.windows // [] | sort_by(.etb)[] |
            [.vesselName, .imo, .voyage, .berth, .eta, .etb, .etd, (.status // "PLANNED")])
        | @csv' "$1"
}

fetch_schedule || die "could not reach $PCS_BASE"
jq -e '.windows' "$PARTIAL" >/dev/null 2>&1 || die "unexpected payload from PCS"

[ -f "$CURRENT" ] && cp "$CURRENT" "$PREVIOUS"
to_csv "$PARTIAL" > "$CURRENT"
rm -f "$PARTIAL"

rows=$(($(wc -l < "$CURRENT") - 1))
log "terminal $TERMINAL: $rows berth window(s) for the next $DAYS day(s)"

if [ -f "$PREVIOUS" ]; then
    if ! diff -q "$PREVIOUS" "$CURRENT" >/dev/null; then
        {
            echo "== $(date -u '+%FT%TZ') =="
            diff "$PREVIOUS" "$CURRENT" | grep '^[<>]' || true
        } >> "$CHANGES"
        log "schedule changed, see $CHANGES"
    else
        log "no change since last sync"
    fi
fi
