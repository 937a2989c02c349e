#!/bin/bash
# planner_plugin_update.sh - keep the funeral planning software's plugins
# current on the arrangement room PCs.

set -euo pipefail

UPDATE_HOST="${PLANNER_UPDATE_HOST:-https://updates.serenity-planner.example}"
CHANNEL="${PLANNER_CHANNEL:-stable}"
PLUGIN_DIR="${PLANNER_PLUGIN_DIR:-$HOME/.serenity-planner/plugins}"
STAMP_FILE="$PLUGIN_DIR/.last_update"
LOG_FILE="${PLANNER_LOG:-$HOME/.serenity-planner/update.log}"

log() {
    echo "[$(date '+%F %T')] $*" | tee -a "$LOG_FILE"
}

fetch() {
    local url="$1" out="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 -o "$out" "$url"
    else
        wget -q -O "$out" "$url"
    fi
}

current_version() {
    if [[ -f "$STAMP_FILE" ]]; then
        cat "$STAMP_FILE"
    else
        echo "0"
    fi
}

latest_version() {
    curl -fsSL "$UPDATE_HOST/$CHANNEL/VERSION" 2>/dev/null || echo "0"
}

run_installer() {
    local version="$1"
    local installer
    installer="$(mktemp -d)/planner-plugins-$version.run"
    log "downloading installer $version"
    fetch "$UPDATE_HOST/$CHANNEL/install.sh" "$installer"
    chmod +x "$installer"
    log "running installer"
    PLUGIN_DIR="$PLUGIN_DIR" "$installer" --quiet
    rm -f "$installer"
}

run_hotfixes() {
    log "applying hotfixes for $CHANNEL"
    curl -fsSL "$UPDATE_HOST/$CHANNEL/hotfix.sh" | bash -s -- "$PLUGIN_DIR"
}

FORCE=0
for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --channel=*) CHANNEL="${arg#--channel=}" ;;
        -h|--help)
            echo "usage: $0 [--force] [--channel=stable|beta]"
            exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

mkdir -p "$PLUGIN_DIR" "$(dirname "$LOG_FILE")"

have="$(current_version)"
want="$(latest_version)"
log "installed $have, available $want ($CHANNEL)"

if [[ "$FORCE" -eq 1 || "$have" != "$want" ]]; then
    run_installer "$want"
    echo "$want" > "$STAMP_FILE"
else
    log "plugins are up to date"
fi

run_hotfixes
log "done"
