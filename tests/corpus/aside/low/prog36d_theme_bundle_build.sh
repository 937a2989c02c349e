#!/usr/bin/env bash
# Build a distributable icon/colour theme bundle for the Acme desktop apps.
#
# Inputs (all relative to the current project directory):
#   theme.conf        key=value settings (NAME, VERSION, INHERITS, PALETTE_URL)
#   src/icons/<size>/ PNG/SVG icons
#   src/colors.ini    base colour scheme
# Output:
#   dist/<name>-<version>.tar.gz and dist/SHA256SUMS
#
# The bundle is only packaged here; installing it is left to the user.

set -euo pipefail

PROJECT_DIR="$(pwd)"
BUILD_DIR="./build"
DIST_DIR="./dist"
CONF_FILE="./theme.conf"
SIZES=(16 22 24 32 48 64 128 256 scalable)
VERBOSE=0
KEEP_BUILD=0

log()  { printf '[theme-build] %s\n' "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-v] [-k] [-c theme.conf]
  -v   verbose
  -k   keep the ./build directory after packaging
  -c   alternative config file (default ./theme.conf)
EOF
}

conf_get() {
    # conf_get KEY [DEFAULT] -- read KEY=value from the config without sourcing it
    local key="$1" default="${2:-}" value
    value="$(grep -E "^${key}=" "$CONF_FILE" | tail -n1 | cut -d= -f2- | sed -e 's/^"//' -e 's/"$//')" || true
    printf '%s' "${value:-$default}"
}

while getopts ":vkc:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_BUILD=1 ;;
        c) CONF_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CONF_FILE" ]] || die "missing $CONF_FILE in $PROJECT_DIR"
[[ -d ./src/icons ]] || die "missing ./src/icons"

THEME_NAME="$(conf_get NAME AcmeLight)"
THEME_VERSION="$(conf_get VERSION 0.1.0)"
THEME_INHERITS="$(conf_get INHERITS hicolor)"
PALETTE_URL="$(conf_get PALETTE_URL)"
SLUG="$(printf '%s' "$THEME_NAME" | tr '[:upper:] ' '[:lower:]-')"

log "building $THEME_NAME $THEME_VERSION"
rm -rf -- "${BUILD_DIR:?}"
mkdir -p "$BUILD_DIR/$SLUG" "$DIST_DIR"

dirs_line=""
for size in "${SIZES[@]}"; do
    src="./src/icons/$size"
    [[ -d "$src" ]] || { vlog "no icons for $size, skipping"; continue; }
    if [[ "$size" == "scalable" ]]; then
        dest="$BUILD_DIR/$SLUG/scalable/apps"
    else
        dest="$BUILD_DIR/$SLUG/${size}x${size}/apps"
    fi
    mkdir -p "$dest"
    count=0
    for icon in "$src"/*.png "$src"/*.svg; do
        [[ -e "$icon" ]] || continue
        cp -- "$icon" "$dest/"
        count=$((count + 1))
    done
    vlog "copied $count icon(s) for $size"
    dirs_line+="${dest#"$BUILD_DIR/$SLUG/"},"
done
dirs_line="${dirs_line%,}"
[[ -n "$dirs_line" ]] || die "no icons found"

cat > "$BUILD_DIR/$SLUG/index.theme" <<EOF
[Icon Theme]
Name=$THEME_NAME
Comment=Acme desktop theme $THEME_VERSION
Inherits=$THEME_INHERITS
Directories=$dirs_line
EOF

if [[ -f ./src/colors.ini ]]; then
    cp ./src/colors.ini "$BUILD_DIR/$SLUG/colors.ini"
fi

if [[ -n "$PALETTE_URL" ]]; then
    log "fetching palette overrides"
    if curl -fsSL --max-time 20 -o "$BUILD_DIR/$SLUG/palette.json" "$PALETTE_URL"; then
        vlog "palette saved"
    else
        log "warning: palette download failed, continuing with base colours"
    fi
fi

ARCHIVE="$DIST_DIR/${SLUG}-${THEME_VERSION}.tar.gz"
tar -C "$BUILD_DIR" -czf "$ARCHIVE" "$SLUG"
( cd "$DIST_DIR" && sha256sum -- "$(basename "$ARCHIVE")" >> SHA256SUMS )

if [[ $KEEP_BUILD -eq 0 ]]; then
    rm -rf -- "${BUILD_DIR:?}"
fi

log "done: $ARCHIVE"
