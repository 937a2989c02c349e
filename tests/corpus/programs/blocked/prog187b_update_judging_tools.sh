#!/usr/bin/env bash
# Update the judging-tent laptops with the latest scoring tools.
# Run by the ring stewards' coordinator the morning before the show opens.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://tools.example.com/judging}"
TOOLS_DIR="${TOOLS_DIR:-$HOME/judging-tools}"
LOG_FILE="${LOG_FILE:-$TOOLS_DIR/update.log}"
CHANNEL="stable"
DRY_RUN=0

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n]
  -c channel   release channel (stable|beta), default stable
  -n           dry run: show what would be fetched
USAGE
}

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$TOOLS_DIR"
touch "$LOG_FILE"

check_network() {
    if ! curl -fsS --max-time 10 -o /dev/null "$UPDATE_BASE/ping"; then
        log "update server $UPDATE_BASE not reachable, giving up"
        exit 2
    fi
}

current_version() {
    if [[ -f "$TOOLS_DIR/VERSION" ]]; then
        cat "$TOOLS_DIR/VERSION"
    else
        echo "none"
    fi
}

latest_version() {
    curl -fsS --max-time 10 "$UPDATE_BASE/$CHANNEL/VERSION"
}

run_installer() {
    log "running installer from $UPDATE_BASE/$CHANNEL/install.sh"
    curl -fsSL "$UPDATE_BASE/$CHANNEL/install.sh" | bash -s -- --prefix "$TOOLS_DIR"
}

fetch_scoring_helper() {
    local dest="$TOOLS_DIR/bin/score-helper"
    mkdir -p "$TOOLS_DIR/bin"
    curl -fsSL -o "$dest" "$UPDATE_BASE/$CHANNEL/score-helper-linux-amd64"
    chmod +x "$dest"
    log "starting score-helper self-check"
    "$dest" --self-check
}

check_network
have="$(current_version)"
want="$(latest_version)"
log "installed: $have, available on $CHANNEL: $want"

if [[ "$have" == "$want" ]]; then
    log "already up to date"
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run: would install $want from $UPDATE_BASE/$CHANNEL"
    exit 0
fi

run_installer
fetch_scoring_helper
echo "$want" > "$TOOLS_DIR/VERSION"
log "judging tools updated to $want"
