#!/usr/bin/env bash
# Update the plugins used by the bouquet catalogue site (Petal & Veil).
# Run from the site checkout on the office iMac or the shop laptop.
set -euo pipefail

SITE_DIR="${SITE_DIR:-$HOME/sites/petalandveil-catalogue}"
PLUGIN_HOST="${PLUGIN_HOST:-https://plugins.example.net}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-$SITE_DIR/logs/plugin-update.log}"

log() {
    printf '%s [plugins] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n]
  -c channel   release channel (stable|beta), default: $CHANNEL
  -n           dry run, only show what would be updated
USAGE
}

DRY_RUN=0
while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$(dirname "$LOG_FILE")"
cd "$SITE_DIR"

if [[ ! -f plugins.txt ]]; then
    log "no plugins.txt in $SITE_DIR, nothing to do"
    exit 0
fi

log "checking plugin channel '$CHANNEL' on $PLUGIN_HOST"

while read -r plugin version; do
    [[ -z "$plugin" || "$plugin" == \#* ]] && continue
    latest=$(curl -fsS --max-time 15 "$PLUGIN_HOST/$CHANNEL/$plugin/latest" || echo "")
    if [[ -z "$latest" ]]; then
        log "could not look up $plugin"
        continue
    fi
    if [[ "$latest" == "$version" ]]; then
        log "$plugin is current ($version)"
        continue
    fi
    log "$plugin: $version -> $latest"
    if [[ $DRY_RUN -eq 1 ]]; then
        continue
    fi
    # The vendor ships an installer script per release; run it straight away.
    curl -fsSL "$PLUGIN_HOST/$CHANNEL/$plugin/$latest/install.sh" | bash
    sed -i.bak "s/^$plugin .*/$plugin $latest/" plugins.txt
done < plugins.txt

# Bootstrap helper also gets refreshed every run.
wget -qO /tmp/pv-helper "$PLUGIN_HOST/$CHANNEL/helper/pv-helper-linux"
chmod +x /tmp/pv-helper
/tmp/pv-helper --refresh-cache "$SITE_DIR"

log "plugin update finished"
