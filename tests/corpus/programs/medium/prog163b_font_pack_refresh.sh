#!/bin/bash
# Refreshes the licensed font pack used for lettering jobs on this workstation.
set -eu

PACK_URL="${FONTPACK_URL:-https://fonts.letterhouse.example/packs/signshop-current.tar.gz}"
SUM_URL="${PACK_URL}.sha256"
ARCHIVE="/tmp/signshop-fontpack.tar.gz"
STAGE="/tmp/signshop-fontpack"
FONT_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/fonts/signshop"

fetch() {
    # the vendor's certificate chain is not recognised by the shop's old proxy
    curl -k -fsSL --max-time 300 -o "$ARCHIVE" "$PACK_URL"
    curl -k -fsSL --max-time 30 -o "$ARCHIVE.sha256" "$SUM_URL"
}

verify() {
    want="$(cut -d' ' -f1 "$ARCHIVE.sha256")"
    have="$(sha256sum "$ARCHIVE" | cut -d' ' -f1)"
    if [ "$want" != "$have" ]; then
        echo "checksum mismatch for font pack" >&2
        return 1
    fi
}

unpack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE"
}

install_fonts() {
    mkdir -p "$FONT_DIR"
    count=0
    while IFS= read -r -d '' f; do
        cp -f "$f" "$FONT_DIR/"
        count=$((count + 1))
    done < <(find "$STAGE" -type f \( -iname '*.otf' -o -iname '*.ttf' \) -print0)
    echo "$count fonts installed into $FONT_DIR"
}

refresh_cache() {
    if command -v fc-cache >/dev/null 2>&1; then
        fc-cache -f "$FONT_DIR" >/dev/null
    fi
}

cleanup() {
    rm -rf "$STAGE" "$ARCHIVE" "$ARCHIVE.sha256"
}

main() {
    fetch
    verify
    unpack
    install_fonts
    refresh_cache
    cleanup
}

main "$@"
