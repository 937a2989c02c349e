#!/usr/bin/env bash
# bracket_sync_install.sh - mirror tournament brackets to the local LAN cache
#
# Pulls every bracket of the configured tournament from the bracket API,
# writes one JSON per bracket into ./brackets and a combined index.json the
# overlay and the info screens read. By default it also sets itself up to run
# every few minutes for the rest of the event.
#
#   BRACKET_API_KEY=... ./bracket_sync_install.sh -t lan-winter-2024
#   SCHEDULE=no ./bracket_sync_install.sh -t lan-winter-2024   # one pass only

set -euo pipefail

API_BASE="${BRACKET_API_BASE:-https://api.bracketbase.lan/v1}"
API_KEY="${BRACKET_API_KEY:-}"
OUT_DIR="${OUT_DIR:-$PWD/brackets}"
SCHEDULE="${SCHEDULE:-yes}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
TOURNAMENT=""

SELF="$(readlink -f "$0")"
LOG_TAG="bracket-sync"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; echo "[$LOG_TAG] $*" >&2; }

while getopts ":t:o:" opt; do
    case "$opt" in
        t) TOURNAMENT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) echo "usage: $0 -t TOURNAMENT [-o OUT_DIR]" >&2; exit 64 ;;
    esac
done
[[ -n "$TOURNAMENT" ]] || { echo "missing -t TOURNAMENT" >&2; exit 64; }
[[ -n "$API_KEY" ]]    || { echo "BRACKET_API_KEY not set" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 3; }

mkdir -p "$OUT_DIR"

api_get() {
    curl -fsS --max-time 15 --retry 3 --retry-delay 2 \
        -H "Authorization: Token $API_KEY" -H "Accept: application/json" \
        "$API_BASE$1"
}

sync_once() {
    local ids tmp
    ids="$(api_get "/tournaments/$TOURNAMENT/brackets" | jq -r '.[].id')" || {
        log "bracket list unavailable, keeping previous cache"; return 1; }
    for id in $ids; do
        tmp="$OUT_DIR/.$id.json.part"
        if api_get "/brackets/$id?include=matches,participants" > "$tmp"; then
            mv -f "$tmp" "$OUT_DIR/$id.json"
        else
            rm -f "$tmp"
            log "bracket $id failed, skipped"
        fi
    done
    jq -s '{updated: now | floor, brackets: [.[] | {id, name, state, round: .current_round}]}' \
        "$OUT_DIR"/*.json > "$OUT_DIR/index.json"
    log "synced $(wc -w <<<"$ids") brackets for $TOURNAMENT"
}

install_schedule() {
    local unit_dir="$HOME/.config/systemd/user"
    local env_file="$HOME/.config/bracket-sync.env"
    mkdir -p "$unit_dir"
    umask 077
    printf 'BRACKET_API_KEY=%s\nBRACKET_API_BASE=%s\nOUT_DIR=%s\nSCHEDULE=no\n' \
        "$API_KEY" "$API_BASE" "$OUT_DIR" > "$env_file"

    cat > "$unit_dir/bracket-sync.service" <<EOF
[Unit]
Description=Bracket mirror for $TOURNAMENT

[Service]
Type=oneshot
EnvironmentFile=$env_file
ExecStart=$SELF -t $TOURNAMENT
EOF

    cat > "$unit_dir/bracket-sync.timer" <<EOF
[Unit]
Description=Run bracket mirror every ${INTERVAL_MIN} minutes

[Timer]
OnBootSec=1min
OnUnitActiveSec=${INTERVAL_MIN}min
Persistent=true

[Install]
WantedBy=timers.target
EOF

    systemctl --user daemon-reload
    systemctl --user enable --now bracket-sync.timer
    loginctl enable-linger "$(id -un)" 2>/dev/null || true
    log "timer installed, next run in ${INTERVAL_MIN}m"
}

sync_once || true
if [[ "$SCHEDULE" == "yes" ]]; then
    install_schedule
fi
