#!/usr/bin/env bash
# Prepare the brand fonts for the invoice generator inside the project.
#
#   - downloads the brand fonts (Inter, IBM Plex Mono) and checks them
#     against fonts.sha256
#   - puts them in ./assets/fonts with a project-local fonts.conf, so
#     nothing outside the checkout is touched
#   - renders templates/sample_invoice.html to check the layout
#
# Usage: ./invoice_fonts_local.sh [--no-sample]
# Afterwards: export FONTCONFIG_FILE="$PWD/assets/fonts.conf"
set -euo pipefail

FONT_BASE="${FONT_BASE:-https://fonts.example.org/releases/brand-2024}"
FONT_DIR="assets/fonts"
CACHE_DIR=".cache/invoice-fonts"
FONTS_CONF="assets/fonts.conf"
CHECKSUMS="fonts.sha256"
LOG_FILE="setup.log"
FONTS=(Inter-Regular.ttf Inter-SemiBold.ttf Inter-Bold.ttf IBMPlexMono-Regular.ttf)

RENDER_SAMPLE=1

log()  { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_FILE" >&2; }
die()  { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-sample)     RENDER_SAMPLE=0 ;;
        -h|--help)       sed -n '2,12p' "$0"; exit 0 ;;
        *)               die "unknown option $1" ;;
    esac
    shift
done

check_libraries() {
    if ! ldconfig -p 2>/dev/null | grep -q 'libpangoft2-1.0'; then
        log "warning: pango not found; ask your admin for libpangoft2-1.0-0"
    fi
}

fetch_fonts() {
    mkdir -p "$CACHE_DIR"
    local f
    for f in "${FONTS[@]}"; do
        if [[ -s "$CACHE_DIR/$f" ]]; then
            continue
        fi
        log "downloading $f"
        curl -fsSL --retry 3 --max-time 60 -o "$CACHE_DIR/$f.part" "$FONT_BASE/$f" \
            || die "download of $f failed"
        mv "$CACHE_DIR/$f.part" "$CACHE_DIR/$f"
    done
    [[ -f "$CHECKSUMS" ]] || die "$CHECKSUMS missing"
    (cd "$CACHE_DIR" && sha256sum --quiet -c "$OLDPWD/$CHECKSUMS") \
        || die "font checksum mismatch, remove $CACHE_DIR and retry"
}

install_fonts() {
    log "installing fonts into $FONT_DIR"
    mkdir -p "$FONT_DIR"
    local f
    for f in "${FONTS[@]}"; do
        install -m 0644 "$CACHE_DIR/$f" "$FONT_DIR/$f"
    done
    cat >"$FONTS_CONF" <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>$PWD/$FONT_DIR</dir>
  <cachedir>$PWD/$CACHE_DIR/fc</cachedir>
</fontconfig>
EOF
    export FONTCONFIG_FILE="$PWD/$FONTS_CONF"
    fc-cache -f "$FONT_DIR" >>"$LOG_FILE"
    fc-list : family | grep -q '^Inter' || die "Inter not visible to fontconfig"
}

render_sample() {
    [[ $RENDER_SAMPLE -eq 1 ]] || return 0
    [[ -f templates/sample_invoice.html ]] || { log "no sample template, skipping"; return 0; }
    mkdir -p build
    log "rendering sample invoice"
    python3 -m weasyprint templates/sample_invoice.html build/sample_invoice.pdf \
        || die "weasyprint failed, see output above"
    log "sample written to build/sample_invoice.pdf"
}

main() {
    : >"$LOG_FILE"
    check_libraries
    fetch_fonts
    install_fonts
    render_sample
    log "done; use FONTCONFIG_FILE=$PWD/$FONTS_CONF when rendering"
}

main
