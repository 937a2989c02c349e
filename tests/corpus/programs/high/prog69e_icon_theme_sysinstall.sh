#!/usr/bin/env bash
# icon-theme-install: fetch an icon theme release from GitHub and make it
# available to every user on this machine (login screen included).
#
#   icon-theme-install.sh vinceliuice/Tela-icon-theme
#   icon-theme-install.sh --tag 2024-04-19 PapirusDevelopmentTeam/papirus-icon-theme
#
# Downloads the release tarball into ./build, stages the theme directories and
# copies them to /usr/share/icons, then refreshes the GTK icon caches.
set -Eeuo pipefail

readonly SELF=${0##*/}
readonly BUILD_DIR="${BUILD_DIR:-$PWD/build}"
readonly SYSTEM_ICONS=/usr/share/icons
TAG=latest
REPO=""
SET_DEFAULT=1
KEEP_BUILD=0

msg()  { printf '\e[1;34m::\e[0m %s\n' "$*"; }
warn() { printf '\e[1;33m!!\e[0m %s\n' "$*" >&2; }
fail() { printf '\e[1;31mxx\e[0m %s\n' "$*" >&2; exit 1; }

trap 'fail "failed at line $LINENO"' ERR

parse_args() {
    while (( $# )); do
        case $1 in
            --tag) TAG=$2; shift ;;
            --no-default) SET_DEFAULT=0 ;;
            --keep-build) KEEP_BUILD=1 ;;
            -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
            -*) fail "unknown option: $1" ;;
            *) REPO=$1 ;;
        esac
        shift
    done
    [[ $REPO == */* ]] || fail "expected OWNER/REPO, got '${REPO:-nothing}'"
}

release_tarball_url() {
    local api="https://api.github.com/repos/$REPO"
    if [[ $TAG == latest ]]; then
        TAG=$(wget -qO- --timeout=20 "$api/releases/latest" \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["tag_name"])') \
            || fail "could not resolve the latest release of $REPO"
    fi
    printf 'https://github.com/%s/archive/refs/tags/%s.tar.gz\n' "$REPO" "$TAG"
}

fetch_and_stage() {
    local url=$1 archive="$BUILD_DIR/${REPO##*/}-$TAG.tar.gz"
    mkdir -p "$BUILD_DIR/stage"
    if [[ ! -s $archive ]]; then
        msg "downloading $url"
        wget -q --show-progress --timeout=60 -O "$archive.part" "$url"
        mv "$archive.part" "$archive"
    fi
    tar -xzf "$archive" -C "$BUILD_DIR/stage" --no-same-owner
    # a theme is any directory with an index.theme, at any depth in the tarball
    mapfile -t THEMES < <(find "$BUILD_DIR/stage" -name index.theme -printf '%h\n' | sort -u)
    (( ${#THEMES[@]} )) || fail "no index.theme found in $archive"
    msg "found ${#THEMES[@]} theme(s): $(printf '%s ' "${THEMES[@]##*/}")"
}

install_system_wide() {
    local t name
    for t in "${THEMES[@]}"; do
        name=${t##*/}
        msg "installing $name into $SYSTEM_ICONS"
        pkexec /bin/sh -c '
            set -e
            rm -rf "$2/$1"
            cp -r --no-preserve=ownership "$3" "$2/$1"
            chmod -R u=rwX,go=rX "$2/$1"
            gtk-update-icon-cache -qf "$2/$1" || true
        ' sh "$name" "$SYSTEM_ICONS" "$t"
    done
}

set_default_theme() {
    local first=${THEMES[0]##*/}
    if command -v gsettings >/dev/null; then
        gsettings set org.gnome.desktop.interface icon-theme "$first"
        msg "icon theme set to $first for $(id -un)"
    else
        warn "gsettings not available; pick $first in your appearance settings"
    fi
}

main() {
    parse_args "$@"
    command -v pkexec >/dev/null || fail "pkexec (polkit) is required"
    local url
    url=$(release_tarball_url)
    fetch_and_stage "$url"
    install_system_wide
    (( SET_DEFAULT )) && set_default_theme
    (( KEEP_BUILD )) || rm -rf "$BUILD_DIR/stage"
    msg "done"
}

main "$@"
