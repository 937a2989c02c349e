#!/usr/bin/env bash
# Shift hand-off cleanup for crew tablets (Linux builds of the crew app).
#
# Run from the crew app directory at the end of a shift, before the tablet
# goes back in the charging cabinet for the next crew:
#   - signs the current crew lead out of the app
#   - clears cached map tiles, photo thumbnails and draft inventories
#   - reports remaining free space so dispatch can flag full tablets
#
# Options:
#   --keep-drafts    keep unsent inventory drafts
#   --min-free MB    warn when less than MB megabytes remain (default 500)
#   --dry-run        only print what would be removed

set -uo pipefail

APP_DIR="${CREW_APP_DIR:-$PWD}"
KEEP_DRAFTS=0
MIN_FREE_MB=500
DRY_RUN=0
REPORT="$APP_DIR/handoff.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-drafts) KEEP_DRAFTS=1; shift ;;
        --min-free) MIN_FREE_MB="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"; }

run() {
    if (( DRY_RUN )); then
        note "dry-run: $*"
    else
        "$@"
    fi
}

du_kb() { du -sk "$1" 2>/dev/null | cut -f1; }

sign_out() {
    local token="$APP_DIR/session/token.json"
    if [[ -f "$token" ]]; then
        note "signing out $(python3 -c 'import json,sys;print(json.load(open(sys.argv[1])).get("crew_lead","?"))' "$token" 2>/dev/null)"
        run rm -f "$token" "$APP_DIR/session/refresh.json"
    fi
}

clear_caches() {
    local freed=0 d kb
    for d in cache/tiles cache/thumbs cache/http; do
        [[ -d "$APP_DIR/$d" ]] || continue
        kb=$(du_kb "$APP_DIR/$d")
        run find "$APP_DIR/$d" -mindepth 1 -delete
        freed=$(( freed + ${kb:-0} ))
    done
    if (( ! KEEP_DRAFTS )) && [[ -d "$APP_DIR/drafts" ]]; then
        run find "$APP_DIR/drafts" -name '*.draft.json' -mtime +0 -delete
    fi
    note "caches cleared (${freed} KiB)"
}

space_report() {
    local avail_kb
    avail_kb=$(df -Pk "$APP_DIR" | awk 'NR==2 {print $4}')
    note "free space: $(( avail_kb / 1024 )) MiB"
    if (( avail_kb / 1024 < MIN_FREE_MB )); then
        note "WARNING: tablet below ${MIN_FREE_MB} MiB free, flag for dispatch"
        return 1
    fi
}

note "hand-off cleanup starting in $APP_DIR"
sign_out
clear_caches
space_report || exit 2
note "hand-off cleanup complete"
