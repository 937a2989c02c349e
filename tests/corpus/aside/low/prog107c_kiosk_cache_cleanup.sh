#!/usr/bin/env bash
# kiosk_cache_cleanup.sh - end-of-shift tidy for the self-service weighbridge
# kiosk.  Run from the kiosk app checkout (the directory holding kiosk.toml).
#
#  * drops the app's render and thumbnail caches
#  * removes compiled Python and old build output
#  * compresses yesterday's session exports into ./sessions/archive
#
# Usage: kiosk_cache_cleanup.sh [--dry-run] [--keep-days N]

set -Eeuo pipefail

DRY_RUN=0
KEEP_DAYS=7
APP_DIR="$(pwd)"
STAMP_FILE="$APP_DIR/.last_cleanup"

log()  { echo "[$(date '+%F %T')] $*"; }
die()  { log "ERROR: $*"; exit 1; }
run()  { if (( DRY_RUN )); then log "would run: $*"; else "$@"; fi; }

trap 'die "failed at line $LINENO"' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run)   DRY_RUN=1 ;;
        --keep-days) KEEP_DAYS="${2:?}"; shift ;;
        -h|--help)   sed -n '2,10p' "$0"; exit 0 ;;
        *)           die "unknown option $1" ;;
    esac
    shift
done

[[ -f "$APP_DIR/kiosk.toml" ]] || die "run this from the kiosk app directory"

clear_caches() {
    local d
    for d in .cache/render .cache/thumbs .pytest_cache .mypy_cache; do
        if [[ -d "$APP_DIR/$d" ]]; then
            run rm -rf -- "${APP_DIR:?}/$d"
            log "cleared $d"
        fi
    done
    find "$APP_DIR" -type d -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null || true
    if [[ -d "$APP_DIR/build" ]]; then
        run rm -rf -- "${APP_DIR:?}/build"
        log "removed build/"
    fi
}

archive_sessions() {
    local src="$APP_DIR/sessions" dst="$APP_DIR/sessions/archive" f n=0
    [[ -d "$src" ]] || return 0
    mkdir -p "$dst"
    while IFS= read -r -d '' f; do
        run gzip -9 "$f"
        [[ -f "$f.gz" ]] && run mv "$f.gz" "$dst/"
        n=$((n + 1))
    done < <(find "$src" -maxdepth 1 -name 'session_*.json' -mtime +0 -print0)
    log "archived $n session exports"
    run find "$dst" -name 'session_*.json.gz' -mtime +"$KEEP_DAYS" -delete
}

rotate_app_log() {
    local logf="$APP_DIR/logs/kiosk.log"
    [[ -f "$logf" ]] || return 0
    if (( $(stat -c %s "$logf") > 5 * 1024 * 1024 )); then
        run mv "$logf" "$logf.$(date +%Y%m%d)"
        run touch "$logf"
        log "rotated kiosk.log"
    fi
}

main() {
    log "kiosk cleanup starting in $APP_DIR"
    clear_caches
    archive_sessions
    rotate_app_log
    (( DRY_RUN )) || date +%s > "$STAMP_FILE"
    log "done"
}

main
