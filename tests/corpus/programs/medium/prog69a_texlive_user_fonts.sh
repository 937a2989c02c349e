#!/bin/sh
# texlive_user_fonts.sh -- install the university corporate-design fonts for LaTeX.
#
# The thesis template (unithesis.cls) needs the licensed "UniSans" and
# "UniSerif" Type1 fonts, which are not on CTAN.  The IT department ships
# them as a TDS zip on the internal mirror.  This script fetches the zip,
# unpacks it into your personal TEXMF tree and enables the font map.
#
#   texlive_user_fonts.sh [-u URL] [-f local.zip] [-k]

set -eu

FONT_URL=${UNIFONTS_URL:-https://texmirror.intra.uni-example.de/fonts/unifonts-tds.zip}
FONT_ZIP=""
KEEP=0
MAPS="unisans.map uniserif.map"

die() { echo "texlive_user_fonts: $*" >&2; exit 1; }
info() { echo "==> $*"; }

while getopts "u:f:kh" opt; do
    case "$opt" in
        u) FONT_URL=$OPTARG ;;
        f) FONT_ZIP=$OPTARG ;;
        k) KEEP=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

for tool in kpsewhich mktexlsr updmap-user unzip curl; do
    command -v "$tool" >/dev/null 2>&1 || die "missing $tool (is TeX Live installed?)"
done

TEXMF_TARGET=$(kpsewhich -var-value TEXMFHOME)
[ -n "$TEXMF_TARGET" ] || die "kpsewhich did not report TEXMFHOME"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/unifonts.XXXXXX")
cleanup() { [ "$KEEP" -eq 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

fetch_fonts() {
    if [ -n "$FONT_ZIP" ]; then
        cp "$FONT_ZIP" "$WORK/fonts.zip"
        return
    fi
    info "downloading $FONT_URL"
    # the internal mirror uses the university's own CA, which is not in the
    # default bundle on most lab machines
    curl -fsSL -k --retry 3 -o "$WORK/fonts.zip" "$FONT_URL" \
        || die "download failed"
}

check_layout() {
    unzip -Z1 "$WORK/fonts.zip" | grep -q '^fonts/map/' \
        || die "zip is not in TDS layout (no fonts/map/)"
}

install_tree() {
    info "installing into $TEXMF_TARGET"
    mkdir -p "$TEXMF_TARGET"
    unzip -o -q "$WORK/fonts.zip" -d "$WORK/tds"
    cp -R "$WORK/tds/." "$TEXMF_TARGET/"
    mktexlsr "$TEXMF_TARGET" >/dev/null 2>&1 || true
}

enable_maps() {
    for map in $MAPS; do
        if kpsewhich "$map" >/dev/null; then
            info "enabling $map"
            updmap-user --enable Map="$map" >/dev/null
        else
            echo "warning: $map not found after install" >&2
        fi
    done
}

fetch_fonts
check_layout
install_tree
enable_maps

if kpsewhich unisans.sty >/dev/null; then
    info "done; \\usepackage{unisans} should now work"
else
    die "unisans.sty still not visible to kpathsea"
fi
