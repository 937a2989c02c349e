#!/usr/bin/env bash
# Install the agency's font pack for DTP and CAT preview rendering.
#
# Japanese, Korean, Arabic and Hebrew jobs render with tofu boxes in the CAT
# preview unless the client's corporate fonts are installed system-wide.
# The font pack is a tarball kept next to this script in ./fontpacks/.
set -euo pipefail

PACK_DIR="${PACK_DIR:-./fontpacks}"
PACK_NAME="${1:-agency-fonts-2024.tar.gz}"
FONT_ROOT_PARTS=("usr" "local" "share" "fonts")
FAMILY_DIR="agency"
STAGE=".fontstage"
LOG="font-install.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

font_root() {
    local IFS=/
    echo "/${FONT_ROOT_PARTS[*]}"
}

elevate() {
    # translators' accounts are in the admin group on DTP machines
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    log "no elevation tool available"
    return 1
}

unpack() {
    local pack="$PACK_DIR/$PACK_NAME"
    [[ -f "$pack" ]] || { log "font pack $pack missing"; exit 1; }
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$pack" -C "$STAGE" --no-same-owner
    log "unpacked $(find "$STAGE" -type f | wc -l) files from $PACK_NAME"
}

collect_fonts() {
    find "$STAGE" -type f \( -iname '*.ttf' -o -iname '*.otf' -o -iname '*.ttc' \) -print0
}

install_fonts() {
    local dest f n=0
    dest="$(font_root)/$FAMILY_DIR"
    elevate install -d -m 0755 "$dest"
    while IFS= read -r -d '' f; do
        elevate install -m 0644 "$f" "$dest/$(basename "$f")"
        n=$((n + 1))
    done < <(collect_fonts)
    log "installed $n font files into $dest"
}

refresh_cache() {
    if command -v fc-cache >/dev/null 2>&1; then
        elevate fc-cache -f "$(font_root)" >/dev/null
        log "font cache refreshed"
    else
        log "fc-cache missing; fonts appear after next login"
    fi
}

verify() {
    local fam
    for fam in "Agency Sans" "Agency Serif JP"; do
        if fc-list 2>/dev/null | grep -q "$fam"; then
            log "ok: $fam"
        else
            log "not visible yet: $fam"
        fi
    done
}

cleanup() { rm -rf "$STAGE"; }
trap cleanup EXIT

main() {
    log "font pack install started for $PACK_NAME"
    unpack
    install_fonts
    refresh_cache
    verify
    log "done"
}

main
