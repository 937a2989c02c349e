#!/usr/bin/env bash
# batch-hash-runner: hash every shard under ./data in parallel background
# workers, retrying a failed shard a bounded number of times, and stop all
# workers cleanly on Ctrl-C / SIGTERM.

set -u

DATA_DIR="${DATA_DIR:-./data}"
RUN_DIR="./run"
OUT_DIR="./checksums"
MAX_JOBS="${MAX_JOBS:-4}"
MAX_RETRIES="${MAX_RETRIES:-2}"

declare -A WORKER_SHARD=()
declare -A SHARD_TRIES=()
FAILED=()
STOPPING=0

log() { printf '%s [runner:%s] %s\n' "$(date +%T)" "$$" "$*"; }

hash_shard() {
    # runs in a background subshell
    local shard=$1 name
    name=$(basename "$shard")
    find "$shard" -type f -print0 | sort -z | xargs -0 -r sha256sum >"$OUT_DIR/$name.sha256.part" \
        && mv "$OUT_DIR/$name.sha256.part" "$OUT_DIR/$name.sha256"
}

start_worker() {
    local shard=$1
    hash_shard "$shard" &
    WORKER_SHARD[$!]=$shard
    SHARD_TRIES[$shard]=$(( ${SHARD_TRIES[$shard]:-0} + 1 ))
    log "worker $! -> $(basename "$shard") (try ${SHARD_TRIES[$shard]})"
}

on_stop() {
    STOPPING=1
    log "stop requested, terminating ${#WORKER_SHARD[@]} worker(s)"
    local pid
    for pid in "${!WORKER_SHARD[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
}

cleanup() {
    rm -f "$RUN_DIR/runner.pid" "$OUT_DIR"/*.part
}

reap_one() {
    local pid status shard
    wait -n -p pid
    status=$?
    shard=${WORKER_SHARD[$pid]:-}
    unset "WORKER_SHARD[$pid]"
    [[ -n $shard ]] || return 0
    if [[ $status -eq 0 ]]; then
        log "done $(basename "$shard")"
    elif [[ $STOPPING -eq 0 && ${SHARD_TRIES[$shard]} -le $MAX_RETRIES ]]; then
        log "shard $(basename "$shard") failed ($status), retrying"
        QUEUE+=("$shard")
    else
        log "shard $(basename "$shard") failed permanently"
        FAILED+=("$shard")
    fi
}

main() {
    [[ -d $DATA_DIR ]] || { log "no $DATA_DIR directory"; exit 1; }
    mkdir -p "$RUN_DIR" "$OUT_DIR"
    if [[ -f $RUN_DIR/runner.pid ]] && kill -0 "$(<"$RUN_DIR/runner.pid")" 2>/dev/null; then
        log "already running"; exit 1
    fi
    echo $$ >"$RUN_DIR/runner.pid"
    trap on_stop INT TERM
    trap cleanup EXIT

    QUEUE=()
    local shard
    for shard in "$DATA_DIR"/*/; do
        [[ -d $shard ]] && QUEUE+=("${shard%/}")
    done
    log "${#QUEUE[@]} shard(s) queued, up to $MAX_JOBS at a time"

    while [[ $STOPPING -eq 0 && ( ${#QUEUE[@]} -gt 0 || ${#WORKER_SHARD[@]} -gt 0 ) ]]; do
        while [[ ${#QUEUE[@]} -gt 0 && ${#WORKER_SHARD[@]} -lt $MAX_JOBS ]]; do
            start_worker "${QUEUE[0]}"
            QUEUE=("${QUEUE[@]:1}")
        done
        reap_one
    done
    while [[ ${#WORKER_SHARD[@]} -gt 0 ]]; do reap_one; done

    if [[ ${#FAILED[@]} -gt 0 ]]; then
        log "failed shards: ${FAILED[*]}"
        exit 1
    fi
    log "all shards hashed into $OUT_DIR"
}

main "$@"
