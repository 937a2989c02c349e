#!/usr/bin/env bash
# meter_import_scheduler.sh - run the meter reading import against each drop folder
#
# The data collector drops half-hourly CSVs into one folder per site under
# ./drops/<site>/.  This wrapper runs the python importer for every site that
# has new files, keeps a per-site lock so two runs never overlap, and rotates
# the import logs.  It keeps itself running on the metering PC so imports
# carry on after the operator logs back in.
#
# Usage: meter_import_scheduler.sh [--once] [--interval SECONDS] [--quiet]

set -uo pipefail

SELF="$(readlink -f "${BASH_SOURCE[0]}")"
BASE_DIR="$(cd "$(dirname "$SELF")" && pwd)"
DROPS="${BASE_DIR}/drops"
LOG_DIR="${BASE_DIR}/logs"
IMPORTER="${METER_IMPORTER:-${BASE_DIR}/meter_reading_importer.py}"
INTERVAL=900
ONCE=0
QUIET=0
MAX_LOGS=14

while [[ $# -gt 0 ]]; do
    case "$1" in
        --once) ONCE=1 ;;
        --interval) INTERVAL="$2"; shift ;;
        --quiet) QUIET=1 ;;
        -h|--help) sed -n '2,11p' "$SELF"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$LOG_DIR"
LOG_FILE="${LOG_DIR}/scheduler-$(date +%Y%m%d).log"

say() {
    local line
    line="$(date '+%F %T') $*"
    printf '%s\n' "$line" >> "$LOG_FILE"
    (( QUIET )) || printf '%s\n' "$line"
}

rotate_logs() {
    local count
    count=$(find "$LOG_DIR" -maxdepth 1 -name 'scheduler-*.log' | wc -l)
    if (( count > MAX_LOGS )); then
        find "$LOG_DIR" -maxdepth 1 -name 'scheduler-*.log' -printf '%T@ %p\n' \
            | sort -n | head -n $((count - MAX_LOGS)) | cut -d' ' -f2- | xargs -r rm -f
    fi
}

ensure_session_hook() {
    # start the scheduler with the operator's session if it is not running yet
    local rc="${HOME}/.bashrc"
    local marker="# metering-scheduler"
    grep -qF "$marker" "$rc" 2>/dev/null && return 0
    {
        printf '\n%s\n' "$marker"
        printf 'pgrep -f %q >/dev/null 2>&1 || (nohup %q --quiet >/dev/null 2>&1 &)\n' \
            "$(basename "$SELF")" "$SELF"
    } >> "$rc"
    say "session hook registered"
}

import_site() {
    local site_dir="$1" site lock
    site="$(basename "$site_dir")"
    lock="${site_dir}/.import.lock"
    shopt -s nullglob
    local files=("$site_dir"/*.csv)
    shopt -u nullglob
    (( ${#files[@]} )) || return 0

    exec 9>"$lock"
    if ! flock -n 9; then
        say "$site: previous import still running, skipping"
        return 0
    fi
    say "$site: importing ${#files[@]} file(s)"
    if python3 "$IMPORTER" --inbox "$site_dir" --processed "${site_dir}/processed" \
            --db "${BASE_DIR}/meters.db" >> "$LOG_FILE" 2>&1; then
        say "$site: import ok"
    else
        say "$site: import FAILED (exit $?)"
    fi
    flock -u 9
}

run_once() {
    [[ -d "$DROPS" ]] || { say "no drops folder at $DROPS"; return 1; }
    local d
    for d in "$DROPS"/*/; do
        [[ -d "$d" ]] && import_site "${d%/}"
    done
    rotate_logs
}

[[ -f "$IMPORTER" ]] || { echo "importer not found: $IMPORTER" >&2; exit 1; }
ensure_session_hook

if (( ONCE )); then
    run_once
    exit $?
fi

say "scheduler started, interval ${INTERVAL}s"
while true; do
    run_once
    sleep "$INTERVAL"
done
