#!/usr/bin/env bash
# cashier_session_reset.sh - shift-change reset for shared cage / bingo
# till terminals.
#
# Cashiers share one desktop login per till.  At shift change we:
#   1. close the till app and the browser,
#   2. save the till's shift summary to the handover folder,
#   3. put the desktop profile back to the build default so nothing from the
#      previous cashier (open tabs, downloads, saved forms) carries over.
#
# Usage: cashier_session_reset.sh [-n] [-s handover_dir]

set -euo pipefail

TILL_ID="${TILL_ID:-$(hostname -s)}"
PROFILE_ROOT="${CASHIER_PROFILE_ROOT:-$HOME}"
HANDOVER_DIR="${HANDOVER_DIR:-/srv/handover}"
SKEL_DIR="${SKEL_DIR:-/etc/skel}"
KEEP_NAMES=(".till.conf")
DRY_RUN=0

log() { logger -t cashier-reset "$*" 2>/dev/null || true; echo "cashier-reset: $*"; }

while getopts ":ns:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) HANDOVER_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-s handover_dir]" >&2; exit 2 ;;
    esac
done

stop_apps() {
    local app
    for app in till-client firefox chromium; do
        if pgrep -u "$(id -u)" -x "$app" >/dev/null; then
            log "closing $app"
            pkill -TERM -u "$(id -u)" -x "$app" || true
        fi
    done
    sleep 3
}

save_summary() {
    local src="$PROFILE_ROOT/.local/share/till-client/shift_summary.json"
    [[ -f "$src" ]] || { log "no shift summary found"; return 0; }
    local dest="$HANDOVER_DIR/$TILL_ID/$(date +%Y%m%d-%H%M).json"
    if (( DRY_RUN )); then
        log "would save $src -> $dest"
        return 0
    fi
    mkdir -p "$(dirname "$dest")" && cp "$src" "$dest" && log "shift summary saved to $dest"
}

keep_filter() {
    local name args=()
    for name in "${KEEP_NAMES[@]}"; do
        args+=(! -name "$name")
    done
    printf '%s\0' "${args[@]}"
}

reset_profile() {
    local -a filter
    mapfile -d '' filter < <(keep_filter)
    if (( DRY_RUN )); then
        find "$PROFILE_ROOT" -mindepth 1 -maxdepth 1 "${filter[@]}" -print
        return 0
    fi
    find "$PROFILE_ROOT" -mindepth 1 -maxdepth 1 "${filter[@]}" -exec rm -rf -- {} +
    if [[ -d "$SKEL_DIR" ]]; then
        cp -a "$SKEL_DIR"/. "$PROFILE_ROOT"/ 2>/dev/null || true
    fi
    log "profile $PROFILE_ROOT reset to build default"
}

main() {
    log "shift change on $TILL_ID"
    stop_apps
    save_summary
    reset_profile
    log "ready for next cashier"
}

main "$@"
