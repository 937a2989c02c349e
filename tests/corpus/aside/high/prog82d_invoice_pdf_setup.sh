#!/usr/bin/env bash
# Set up the PDF toolchain used by the invoice generator.
#
#   - installs the pango/fontconfig libraries weasyprint needs
#   - downloads the brand fonts (Inter, IBM Plex Mono) and checks them
#     against fonts.sha256
#   - installs the fonts for every user and refreshes the font cache
#   - renders templates/sample_invoice.html to check the layout
#
# Usage: ./invoice_pdf_setup.sh [--skip-packages] [--no-sample]
set -euo pipefail

FONT_BASE="${FONT_BASE:-https://fonts.example.org/releases/brand-2024}"
FONT_DIR="/usr/local/share/fonts/invoice-brand"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/invoice-fonts"
CHECKSUMS="fonts.sha256"
LOG_FILE="setup.log"
FONTS=(Inter-Regular.ttf Inter-SemiBold.ttf Inter-Bold.ttf IBMPlexMono-Regular.ttf)
PACKAGES=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fontconfig)

SKIP_PACKAGES=0
RENDER_SAMPLE=1

log()  { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_FILE" >&2; }
die()  { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --skip-packages) SKIP_PACKAGES=1 ;;
        --no-sample)     RENDER_SAMPLE=0 ;;
        -h|--help)       sed -n '2,12p' "$0"; exit 0 ;;
        *)               die "unknown option $1" ;;
    esac
    shift
done

if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
else
    AS_ROOT=(sudo)
fi

install_packages() {
    if [[ $SKIP_PACKAGES -eq 1 ]]; then
        log "skipping system packages"
        return
    fi
    command -v apt-get >/dev/null || die "only Debian/Ubuntu are handled here"
    log "installing ${PACKAGES[*]}"
    "${AS_ROOT[@]}" apt-get update -qq
    "${AS_ROOT[@]}" apt-get install -y -qq "${PACKAGES[@]}" >>"$LOG_FILE"
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
    "${AS_ROOT[@]}" install -d -m 0755 "$FONT_DIR"
    local f
    for f in "${FONTS[@]}"; do
        "${AS_ROOT[@]}" install -m 0644 "$CACHE_DIR/$f" "$FONT_DIR/$f"
    done
    "${AS_ROOT[@]}" fc-cache -f "$FONT_DIR" >>"$LOG_FILE"
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
    install_packages
    fetch_fonts
    install_fonts
    render_sample
    log "done"
}

main
