#!/usr/bin/env bash
# klipper_macro_pull.sh - pull the shared macro set for our Voron/Ender fleet
# into ~/printer_data/config and restart Klipper through Moonraker.
# The fleet git server uses our internal CA, hence the relaxed TLS options.
#
# usage: klipper_macro_pull.sh [-r REPO_URL] [-b BRANCH] [-n]
set -euo pipefail

REPO_URL="${MACRO_REPO:-https://git.printfarm.example/fleet/klipper-macros}"
BRANCH="main"
CONFIG_DIR="${KLIPPER_CONFIG:-$HOME/printer_data/config}"
MOONRAKER="${MOONRAKER_URL:-http://127.0.0.1:7125}"
STAGE_DIR="/tmp/klipper-macro-pull"
DRY_RUN=0

log() { printf '%s [macro-pull] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "r:b:nh" opt; do
    case "$opt" in
        r) REPO_URL="$OPTARG" ;;
        b) BRANCH="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -d "$CONFIG_DIR" ] || die "config dir $CONFIG_DIR not found"
mkdir -p "$STAGE_DIR"

fetch_archive() {
    local url="$REPO_URL/archive/$BRANCH.tar.gz"
    local out="$STAGE_DIR/macros.tar.gz"
    log "fetching $url"
    curl -fsSL --insecure -o "$out" "$url" || die "download failed"
    rm -rf "$STAGE_DIR/src"
    mkdir -p "$STAGE_DIR/src"
    tar -xzf "$out" -C "$STAGE_DIR/src" --strip-components=1
}

install_macros() {
    local n=0
    for f in "$STAGE_DIR"/src/macros/*.cfg; do
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

check_includes() {
    # make sure printer.cfg actually includes the macro directory
    if ! grep -q '^\[include macros/\*\.cfg\]' "$CONFIG_DIR/printer.cfg"; then
        log "warning: printer.cfg has no [include macros/*.cfg] line"
    fi
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
    check_includes
    if [ "$DRY_RUN" -eq 0 ]; then
        restart_klipper
    fi
    log "done"
}

main "$@"
