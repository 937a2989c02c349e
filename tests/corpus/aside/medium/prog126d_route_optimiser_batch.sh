#!/usr/bin/env bash
# route_optimiser_batch.sh - nightly courier route optimisation run
#
# Pulls tomorrow's bookings from the dispatch DB export, builds the distance
# matrix against the local OSRM, runs the optimiser and drops route sheets in
# ./out/<date>/.  Per-city tuning (congestion zones, bike-lane penalties) comes
# from the RouteKit profile table published on the depot intranet.
#
# usage: route_optimiser_batch.sh [-c city] [-d YYYY-MM-DD] [-n]

set -euo pipefail

CITY="${CITY:-london}"
RUN_DATE="$(date -d tomorrow +%F 2>/dev/null || date -v+1d +%F)"
DRY_RUN=0
OSRM_URL="${OSRM_URL:-http://127.0.0.1:5000}"
PROFILE_URL="${ROUTEKIT_PROFILES:-https://intranet.depot.local/routekit/profiles.csv}"
WORK_DIR="/tmp/route_batch"
OUT_ROOT="$(pwd)/out"
LOG_FILE="$(pwd)/optimiser.log"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die() { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CITY="$OPTARG" ;;
        d) RUN_DATE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

MAX_STOPS_PER_RIDER=22
BIKE_LANE_BONUS=0.85
CONGESTION_PENALTY=1.3
SOLVER_SECONDS=90

fetch_profiles() {
    local out="$1" attempt
    for attempt in 1 2 3; do
        # intranet box still has the self-signed cert
        if curl -ksS --max-time 20 -o "$out" "$PROFILE_URL"; then
            return 0
        fi
        log WARN "profile table fetch attempt ${attempt} failed"
        sleep $((attempt * 5))
    done
    return 1
}

apply_profile() {
    local table="$1" row
    [ -s "$table" ] || return 0
    row="$(awk -F, -v c="$CITY" '$1==c {print $2","$3","$4; exit}' "$table")"
    [ -n "$row" ] || return 0
    IFS=, read -r MAX_STOPS_PER_RIDER BIKE_LANE_BONUS CONGESTION_PENALTY <<< "$row"
    log INFO "profile ${CITY}: stops=${MAX_STOPS_PER_RIDER} lane=${BIKE_LANE_BONUS} cong=${CONGESTION_PENALTY}"
}

export_bookings() {
    local out="$1"
    [ -f "bookings/${RUN_DATE}.csv" ] || die "no bookings export for ${RUN_DATE}"
    awk -F, 'NR==1 || $7=="CONFIRMED"' "bookings/${RUN_DATE}.csv" > "$out"
    log INFO "$(($(wc -l < "$out") - 1)) confirmed bookings for ${RUN_DATE}"
}

build_matrix() {
    local bookings="$1" matrix="$2" coords
    coords="$(awk -F, 'NR>1 {printf "%s%s,%s", (n++ ? ";" : ""), $5, $4}' "$bookings")"
    [ -n "$coords" ] || die "no coordinates in bookings"
    curl -fsS --max-time 60 "${OSRM_URL}/table/v1/bike/${coords}?annotations=duration,distance" \
        -o "$matrix" || die "OSRM table request failed"
}

run_solver() {
    local bookings="$1" matrix="$2" outdir="$3"
    python3 -m routekit.solve \
        --bookings "$bookings" --matrix "$matrix" \
        --max-stops "$MAX_STOPS_PER_RIDER" \
        --lane-bonus "$BIKE_LANE_BONUS" --congestion "$CONGESTION_PENALTY" \
        --time-limit "$SOLVER_SECONDS" --out "$outdir"
}

main() {
    mkdir -p "$WORK_DIR" "$OUT_ROOT/$RUN_DATE"
    log INFO "route run for ${CITY} on ${RUN_DATE}"

    fetch_profiles "$WORK_DIR/profiles.csv" || log WARN "using built-in defaults for ${CITY}"
    apply_profile "$WORK_DIR/profiles.csv"

    export_bookings "$WORK_DIR/bookings.csv"
    build_matrix "$WORK_DIR/bookings.csv" "$WORK_DIR/matrix.json"

    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: matrix built, solver skipped"
        exit 0
    fi
    run_solver "$WORK_DIR/bookings.csv" "$WORK_DIR/matrix.json" "$OUT_ROOT/$RUN_DATE" \
        || die "solver failed"
    log INFO "route sheets written to $OUT_ROOT/$RUN_DATE"
}

main "$@"
