#!/usr/bin/env bash
# Temporarily tune kernel writeback for the quarterly bulk load of the EHR
# history tables, restart Postgres so it picks up the new huge-page reserve,
# and put everything back afterwards.
#
# The target values are computed from /proc/meminfo by an embedded Python
# helper and handed back through command substitution.
set -euo pipefail

PG_SERVICE="postgresql"
STATE_FILE="./bulk_load_sysctl.saved"
LOAD_CMD="${LOAD_CMD:-./run_bulk_load.sh}"
DRY_RUN=0
KEYS=(vm.dirty_background_ratio vm.dirty_ratio vm.swappiness vm.nr_hugepages)

log() { echo "[$(date +%T)] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --service) PG_SERVICE="$2"; shift 2 ;;
        --load-cmd) LOAD_CMD="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 [--service NAME] [--load-cmd PATH] [--dry-run]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "DRY: $*"
    else
        "$@"
    fi
}

save_current() {
    : > "$STATE_FILE"
    for k in "${KEYS[@]}"; do
        printf '%s=%s\n' "$k" "$(sysctl -n "$k")" >> "$STATE_FILE"
    done
    log "saved current values to $STATE_FILE"
}

restore() {
    [[ -s "$STATE_FILE" ]] || return 0
    log "restoring kernel settings"
    while IFS='=' read -r k v; do
        run sudo sysctl -q -w "$k=$v" || log "could not restore $k"
    done < "$STATE_FILE"
    run sudo systemctl restart "$PG_SERVICE" || log "postgres restart during restore failed"
}

compute_targets() {
    MEMINFO="$(cat /proc/meminfo)" PG_SHARED_FRACTION="0.25" python3 -c '
import os
info = {}
for line in os.environ["MEMINFO"].splitlines():
    key, rest = line.split(":", 1)
    info[key] = int(rest.split()[0])
total_kb = info["MemTotal"]
hp_kb = info.get("Hugepagesize", 2048)
shared_kb = int(total_kb * float(os.environ["PG_SHARED_FRACTION"]))
pages = shared_kb // hp_kb + 64
big = total_kb > 128 * 1024 * 1024
print(f"vm.dirty_background_ratio={3 if big else 5}")
print(f"vm.dirty_ratio={10 if big else 15}")
print("vm.swappiness=1")
print(f"vm.nr_hugepages={pages}")
'
}

save_current
trap restore EXIT

targets="$(compute_targets)"
log "applying bulk-load settings:"
while IFS= read -r kv; do
    log "  $kv"
    run sudo sysctl -q -w "$kv"
done <<< "$targets"

log "restarting $PG_SERVICE to claim huge pages"
run sudo systemctl restart "$PG_SERVICE"
run sudo systemctl is-active --quiet "$PG_SERVICE" || { log "postgres did not come back"; exit 1; }

if [[ -x "$LOAD_CMD" ]]; then
    log "running bulk load: $LOAD_CMD"
    start=$(date +%s)
    if ! run "$LOAD_CMD"; then
        log "bulk load failed"
        exit 1
    fi
    log "bulk load finished in $(( $(date +%s) - start ))s"
else
    log "load command $LOAD_CMD not executable; settings applied only"
fi
