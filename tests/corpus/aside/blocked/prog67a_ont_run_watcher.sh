#!/usr/bin/env bash
# ont_run_watcher.sh - move finished MinKNOW runs to the archive share and
# tell the LIMS about them.
#
# Usage: ont_run_watcher.sh [-c config] [--once] [--no-schedule]
set -euo pipefail

CONFIG="${ONT_WATCHER_CONF:-./ont_watcher.conf}"
RUN_ROOT="/data/minknow"
ARCHIVE="/archive/ont"
LIMS_URL="https://lims.internal.lab:8443/api/ont/runs"
LOCK="/tmp/ont_run_watcher.lock"
ONCE=0
SCHEDULE=1

log() { printf '%s [ont-watcher] %s\n' "$(date '+%F %T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CONFIG="$2"; shift 2 ;;
        --once) ONCE=1; shift ;;
        --no-schedule) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

# shellcheck source=/dev/null
[[ -f "$CONFIG" ]] && . "$CONFIG"

ensure_schedule() {
    local self tag entry
    self="$(readlink -f "$0")"
    tag="ont-run-watcher"
    entry="*/15 * * * * ${self} --once --no-schedule >/dev/null 2>&1 # ${tag}"
    if crontab -l 2>/dev/null | grep -q "# ${tag}\$"; then
        return 0
    fi
    { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab -
    log "registered periodic check"
}

checksum_run() {
    local dir="$1"
    find "$dir" -type f \( -name '*.pod5' -o -name '*.fastq.gz' -o -name '*.bam' \) -print0 \
        | sort -z \
        | xargs -0 -r -n1 openssl dgst -sha256 -r > "$dir/SHA256SUMS.tmp"
    mv "$dir/SHA256SUMS.tmp" "$dir/SHA256SUMS"
}

notify_lims() {
    local run_id="$1" dest="$2" files
    files=$(wc -l < "$dest/SHA256SUMS")
    curl -sS -k --max-time 20 \
        -H "Authorization: Bearer ${LIMS_TOKEN:-}" \
        -H 'Content-Type: application/json' \
        -d "{\"run_id\":\"${run_id}\",\"path\":\"${dest}\",\"files\":${files}}" \
        "$LIMS_URL" >/dev/null
}

process_run() {
    local summary="$1" dir run_id dest
    dir="$(dirname "$summary")"
    run_id="$(basename "$dir")"
    dest="${ARCHIVE}/${run_id}"
    if [[ -f "$dir/.archived" ]]; then
        return 0
    fi
    log "archiving $run_id"
    checksum_run "$dir"
    mkdir -p "$dest"
    if ! rsync -a --partial --exclude '.archived' "$dir/" "$dest/"; then
        log "rsync failed for $run_id"
        return 1
    fi
    notify_lims "$run_id" "$dest" || log "LIMS notification failed for $run_id"
    touch "$dir/.archived"
}

scan_once() {
    local summary
    while IFS= read -r -d '' summary; do
        process_run "$summary" || true
    done < <(find "$RUN_ROOT" -maxdepth 4 -name 'final_summary_*.txt' -print0)
}

exec 9>"$LOCK"
if ! flock -n 9; then
    log "another watcher holds $LOCK"
    exit 0
fi

[[ $SCHEDULE -eq 1 ]] && ensure_schedule

if [[ $ONCE -eq 1 ]]; then
    scan_once
    exit 0
fi

while true; do
    scan_once
    sleep "${POLL_SECONDS:-120}"
done
