#!/usr/bin/env bash
# Install Nerd Fonts system-wide so that powerline / starship prompts render
# their glyphs for every account on a shared workstation (and on the login
# greeter's terminal).
#
#   ./nerdfont-install.sh JetBrainsMono FiraCode
#   NF_VERSION=v3.2.1 ./nerdfont-install.sh Hack
#
# Fonts are fetched from the official GitHub release, checked against the
# published SHA-256 list, staged in ./.fontstage and then copied into
# /usr/local/share/fonts/NerdFonts.

set -o errexit -o nounset -o pipefail

NF_VERSION="${NF_VERSION:-v3.2.1}"
RELEASE_URL="https://github.com/ryanoasis/nerd-fonts/releases/download/${NF_VERSION}"
SYSTEM_FONT_DIR="/usr/local/share/fonts/NerdFonts"
STAGE=".fontstage"
DEFAULT_FONTS=(JetBrainsMono FiraCode)

log()  { printf '%s [nerdfont] %s\n' "$(date +%T)" "$*"; }
warn() { printf '%s [nerdfont] WARNING: %s\n' "$(date +%T)" "$*" >&2; }

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { warn "missing $bin"; exit 1; }
    done
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

fetch_checksums() {
    local sums="$STAGE/SHA-256.txt"
    if [ ! -s "$sums" ]; then
        log "downloading checksum list for $NF_VERSION"
        curl -fsSL --proto '=https' -o "$sums" "$RELEASE_URL/SHA-256.txt"
    fi
    printf '%s\n' "$sums"
}

download_font() {
    local font=$1 sums=$2
    local archive="$STAGE/$font.tar.xz"
    if [ ! -s "$archive" ]; then
        log "downloading $font"
        curl -fSL --proto '=https' --progress-bar -o "$archive" "$RELEASE_URL/$font.tar.xz"
    fi
    local expected actual
    expected=$(awk -v f="$font.tar.xz" '$2 == f { print $1 }' "$sums")
    if [ -z "$expected" ]; then
        warn "$font.tar.xz not listed in checksum file, skipping"
        return 1
    fi
    actual=$(sha256sum "$archive" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
        warn "checksum mismatch for $font (expected $expected got $actual)"
        rm -f -- "$archive"
        return 1
    fi
    rm -rf -- "${STAGE:?}/$font"
    mkdir -p "$STAGE/$font"
    tar -xJf "$archive" -C "$STAGE/$font" --wildcards '*.ttf' '*.otf' 2>/dev/null || \
        tar -xJf "$archive" -C "$STAGE/$font"
}

install_font() {
    local font=$1
    local dest="$SYSTEM_FONT_DIR/$font"
    local count=0
    as_root install -d -m 0755 "$dest"
    while IFS= read -r -d '' file; do
        as_root install -m 0644 "$file" "$dest/"
        count=$((count + 1))
    done < <(find "$STAGE/$font" -type f \( -name '*.ttf' -o -name '*.otf' \) \
                 ! -name '*Windows Compatible*' -print0)
    log "installed $count files for $font into $dest"
}

remove_font() {
    local font=$1
    if [ -d "$SYSTEM_FONT_DIR/$font" ]; then
        log "removing $SYSTEM_FONT_DIR/$font"
        as_root rm -rf -- "${SYSTEM_FONT_DIR:?}/$font"
    fi
}

main() {
    local mode=install
    if [ "${1:-}" = "--remove" ]; then
        mode=remove
        shift
    fi
    local fonts=("$@")
    [ ${#fonts[@]} -gt 0 ] || fonts=("${DEFAULT_FONTS[@]}")

    need curl tar sha256sum fc-cache install
    mkdir -p "$STAGE"

    local sums failed=0
    [ "$mode" = install ] && sums=$(fetch_checksums)

    for font in "${fonts[@]}"; do
        case $font in
            *[!A-Za-z0-9]*) warn "ignoring odd font name '$font'"; continue ;;
        esac
        if [ "$mode" = remove ]; then
            remove_font "$font"
        elif download_font "$font" "$sums"; then
            install_font "$font"
        else
            failed=$((failed + 1))
        fi
    done

    log "refreshing font cache"
    as_root fc-cache -f "$SYSTEM_FONT_DIR" >/dev/null
    [ "$mode" = install ] && fc-list : family | grep -i 'nerd font' | sort -u | head -n 20
    [ "$failed" -eq 0 ] || { warn "$failed font(s) failed"; exit 1; }
}

main "$@"
