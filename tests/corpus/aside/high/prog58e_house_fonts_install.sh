#!/bin/sh
# Install the imprint's licensed house typefaces on a typesetting workstation
# so that LaTeX, Scribus and the PDF proofing tools all resolve them.
# Reads fonts.manifest (family|file|sha256) from the design-assets checkout.

set -eu

ASSETS="${ASSETS:-./design-assets}"
MANIFEST="$ASSETS/fonts.manifest"
FONT_ROOT="/usr/local/share/fonts/house"
STAMP_FILE="$FONT_ROOT/.installed-manifest"
ELEVATE=""

note() { printf '==> %s\n' "$*"; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

pick_elevation() {
    if [ "$(id -u)" -eq 0 ]; then
        ELEVATE=""
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE="doas"
    elif command -v sudo >/dev/null 2>&1; then
        ELEVATE="sudo"
    else
        die "root privileges are required to write $FONT_ROOT"
    fi
}

verify_file() {
    want="$1"; file="$2"
    got=$(sha256sum "$file" | cut -d' ' -f1)
    [ "$got" = "$want" ] || die "checksum mismatch for $file"
}

family_dir() {
    # "Halden Serif" -> halden-serif
    printf '%s' "$1" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-'
}

install_fonts() {
    count=0
    while IFS='|' read -r family file sum; do
        case "$family" in ''|'#'*) continue ;; esac
        src="$ASSETS/fonts/$file"
        [ -f "$src" ] || die "missing font file $src"
        verify_file "$sum" "$src"
        dest="$FONT_ROOT/$(family_dir "$family")"
        $ELEVATE install -d -m 0755 "$dest"
        $ELEVATE install -m 0644 "$src" "$dest/$file"
        count=$((count + 1))
    done < "$MANIFEST"
    note "installed $count font files"
}

refresh_caches() {
    $ELEVATE fc-cache -f "$FONT_ROOT" >/dev/null
    if command -v mktexlsr >/dev/null 2>&1; then
        $ELEVATE mktexlsr >/dev/null 2>&1 || note "mktexlsr failed (ignored)"
    fi
    $ELEVATE cp "$MANIFEST" "$STAMP_FILE"
}

main() {
    [ -r "$MANIFEST" ] || die "manifest not found at $MANIFEST"
    if [ -f "$STAMP_FILE" ] && cmp -s "$MANIFEST" "$STAMP_FILE"; then
        note "house fonts already current"
        exit 0
    fi
    pick_elevation
    install_fonts
    refresh_caches
    note "fonts available:"
    fc-list : family file | grep -F "$FONT_ROOT" | cut -d: -f2 | sort -u || true
}

main "$@"
