#!/bin/sh
# ghostscript_fonts_install.sh - make corporate fonts available system-wide
# for Ghostscript, ImageMagick and LibreOffice PDF rendering.
#
# Copies the .ttf/.otf/.pfb files from a font pack directory into
# /usr/local/share/fonts/<pack>/, registers them in Ghostscript's Fontmap
# and rebuilds the fontconfig cache.  Must run as root.
set -eu

PACK_DIR=${1:-}
PACK_NAME=${2:-corporate}
FONT_ROOT=/usr/local/share/fonts
GS_FONTMAP_DIR=/usr/local/share/ghostscript/fonts
DEST="$FONT_ROOT/$PACK_NAME"

say() { printf '%s\n' "fonts: $*"; }
die() { printf '%s\n' "fonts: error: $*" >&2; exit 1; }

[ -n "$PACK_DIR" ] || die "usage: $0 FONT_PACK_DIR [PACK_NAME]"
[ -d "$PACK_DIR" ] || die "$PACK_DIR is not a directory"
[ "$(id -u)" -eq 0 ] || die "run as root (writes to $FONT_ROOT)"
command -v fc-cache >/dev/null 2>&1 || die "fontconfig (fc-cache) not installed"

case "$PACK_NAME" in
    *[!A-Za-z0-9._-]*|'') die "pack name may only contain letters, digits, . _ -" ;;
esac

install -d -m 0755 "$DEST" "$GS_FONTMAP_DIR"

count=0
fontmap_tmp="$DEST/.Fontmap.new"
: > "$fontmap_tmp"
for font in "$PACK_DIR"/*; do
    [ -f "$font" ] || continue
    case "$font" in
        *.ttf|*.TTF|*.otf|*.OTF|*.pfb|*.PFB) ;;
        *) continue ;;
    esac
    base=$(basename "$font")
    install -m 0644 -o root -g root "$font" "$DEST/$base"
    # Ghostscript Fontmap line: /PostScriptName (path) ;
    psname=$(fc-scan --format '%{postscriptname}\n' "$DEST/$base" 2>/dev/null | head -n1)
    if [ -n "$psname" ]; then
        printf '/%s (%s) ;\n' "$psname" "$DEST/$base" >> "$fontmap_tmp"
    fi
    count=$((count + 1))
    say "installed $base${psname:+ as $psname}"
done

[ "$count" -gt 0 ] || { rm -f "$fontmap_tmp"; die "no font files found in $PACK_DIR"; }

install -m 0644 "$fontmap_tmp" "$GS_FONTMAP_DIR/Fontmap.$PACK_NAME"
rm -f "$fontmap_tmp"
chown -R root:root "$DEST"
chmod 0755 "$DEST"

say "rebuilding font cache"
fc-cache -f "$FONT_ROOT" >/dev/null

if command -v gs >/dev/null 2>&1; then
    say "Ghostscript $(gs --version) will find the fonts via -sFONTPATH=$DEST"
fi
say "$count font(s) installed into $DEST"
