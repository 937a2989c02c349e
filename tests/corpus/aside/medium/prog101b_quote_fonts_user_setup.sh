#!/usr/bin/env bash
# quote_fonts_user_setup.sh - install the brand fonts used by the quote PDF
# builder and the showroom price tickets for the current user.
#
#   ./quote_fonts_user_setup.sh [-u URL] [-f]      -f  reinstall even if present
#
# Fonts come from the design agency's asset share as a zip with a
# SHA256SUMS file alongside it.
set -euo pipefail

FONT_PACK_URL="${FONT_PACK_URL:-https://assets.hartwell-kitchens.example/brand/quote-fonts-2024.zip}"
STAGE="/tmp/quote-fonts"
FONT_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/fonts/hartwell"
FORCE=0

msg() { printf '==> %s\n' "$*"; }
err() { printf 'error: %s\n' "$*" >&2; }

while getopts ":u:fh" o; do
    case "$o" in
        u) FONT_PACK_URL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) err "bad option -$OPTARG"; exit 2 ;;
    esac
done

for tool in wget unzip sha256sum fc-cache; do
    command -v "$tool" >/dev/null || { err "$tool not installed"; exit 1; }
done

already_installed() {
    [[ $FORCE -eq 0 ]] && fc-list : family | grep -qi "Hartwell Sans"
}

download_pack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    msg "downloading font pack"
    wget -q --tries=3 --timeout=30 -O "$STAGE/fonts.zip" "$FONT_PACK_URL"
    wget -q --tries=3 --timeout=30 -O "$STAGE/SHA256SUMS" "${FONT_PACK_URL%/*}/SHA256SUMS"
    (cd "$STAGE" && grep " fonts.zip\$" SHA256SUMS | sed 's/quote-fonts-2024.zip/fonts.zip/' \
        | sha256sum -c --status) || { err "checksum mismatch"; return 1; }
    unzip -q -o "$STAGE/fonts.zip" -d "$STAGE/unpacked"
}

install_fonts() {
    local count=0 f
    mkdir -p "$FONT_DIR"
    while IFS= read -r -d '' f; do
        install -m 0644 "$f" "$FONT_DIR/"
        count=$((count + 1))
    done < <(find "$STAGE/unpacked" -type f \( -iname '*.ttf' -o -iname '*.otf' \) -print0)
    [[ $count -gt 0 ]] || { err "no fonts in pack"; return 1; }
    msg "installed $count font files into $FONT_DIR"
    fc-cache -f "$FONT_DIR" >/dev/null
}

verify() {
    if fc-list : family | grep -qi "Hartwell Sans"; then
        msg "fonts available to reportlab and LibreOffice"
    else
        err "fonts installed but not visible to fontconfig"
        return 1
    fi
}

if already_installed; then
    msg "brand fonts already installed (use -f to reinstall)"
    exit 0
fi

download_pack
install_fonts
verify
rm -rf "$STAGE"
