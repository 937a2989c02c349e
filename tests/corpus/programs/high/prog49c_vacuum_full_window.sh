#!/usr/bin/env bash
# Monthly VACUUM FULL window for the ledger cluster.
# Triggered by ledger-vacuum.timer (first Sunday, 01:00) under the ops account.
# During the window we loosen writeback tuning so the rewrite does not stall,
# run the vacuum as the postgres superuser, and then restore the old values.
set -Eeuo pipefail

readonly DBS=(ledger ledger_archive settlements)
readonly TUNABLES=(vm.dirty_background_ratio vm.dirty_ratio vm.swappiness)
declare -A WINDOW_VALUES=(
    [vm.dirty_background_ratio]=2
    [vm.dirty_ratio]=8
    [vm.swappiness]=1
)
declare -A SAVED=()
LOG_DIR="${LOG_DIR:-./logs}"
DRY_RUN=0

log() { printf '[%(%F %T)T] %s\n' -1 "$*" | tee -a "${LOG_DIR}/vacuum-window.log" >&2; }

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

save_tunables() {
    local key
    for key in "${TUNABLES[@]}"; do
        SAVED[$key]=$(sysctl -n "$key")
        log "saved $key=${SAVED[$key]}"
    done
}

apply_window() {
    local key
    for key in "${TUNABLES[@]}"; do
        run sudo -n sysctl -q -w "${key}=${WINDOW_VALUES[$key]}"
    done
}

restore_tunables() {
    local key
    for key in "${!SAVED[@]}"; do
        run sudo -n sysctl -q -w "${key}=${SAVED[$key]}" || log "could not restore $key"
    done
    log "tunables restored"
}

vacuum_db() {
    local db=$1 started
    started=$(date +%s)
    log "VACUUM FULL ANALYZE on $db"
    run sudo -n -u postgres psql --quiet --no-psqlrc --dbname="$db" \
        --set=ON_ERROR_STOP=1 --command='VACUUM (FULL, ANALYZE, VERBOSE)' \
        2>>"${LOG_DIR}/vacuum-${db}.log"
    log "$db finished in $(( $(date +%s) - started ))s"
}

while (( $# )); do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
    shift
done

mkdir -p "$LOG_DIR"
save_tunables
trap restore_tunables EXIT
apply_window

failed=()
for db in "${DBS[@]}"; do
    if ! vacuum_db "$db"; then
        failed+=("$db")
        log "vacuum of $db failed, continuing"
    fi
done

if (( ${#failed[@]} )); then
    log "window finished with failures: ${failed[*]}"
    exit 1
fi
log "window finished cleanly"
