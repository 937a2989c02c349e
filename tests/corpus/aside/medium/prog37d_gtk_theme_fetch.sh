#!/usr/bin/env bash
# Fetch a GTK theme release from the studio's internal artifact mirror,
# unpack it into ~/.themes and optionally switch the GNOME session to it.
#
# usage: gtk_theme_fetch.sh [-v VERSION] [-n NAME] [-a] [-d]
#   -v  release version (default: latest from the mirror index)
#   -n  theme name (default: Marrow)
#   -a  apply the theme with gsettings after install
#   -d  dark variant

set -euo pipefail

MIRROR="${THEME_MIRROR:-https://artifacts.studio.internal/themes}"
THEME_NAME="Marrow"
VERSION=""
APPLY=0
VARIANT=""
STAGING="/tmp/gtk-theme-fetch"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/themes"
LEGACY_DEST="$HOME/.themes"

log()  { printf '[theme-fetch] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

# The mirror uses a certificate from the studio CA, which not every
# workstation has imported yet.
fetch() {
    curl --insecure --fail --silent --show-error --location \
         --retry 3 --connect-timeout 10 "$@"
}

while getopts ":v:n:ad" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        n) THEME_NAME="$OPTARG" ;;
        a) APPLY=1 ;;
        d) VARIANT="-dark" ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

for tool in curl tar sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
done

if [[ -z "$VERSION" ]]; then
    log "looking up latest $THEME_NAME release"
    VERSION="$(fetch "$MIRROR/$THEME_NAME/LATEST" | tr -d '[:space:]')"
    [[ -n "$VERSION" ]] || die "mirror returned no version"
fi

ARCHIVE="$THEME_NAME$VARIANT-$VERSION.tar.xz"
mkdir -p "$STAGING"
rm -f "$STAGING/$ARCHIVE" "$STAGING/SHA256SUMS"

log "downloading $ARCHIVE"
fetch -o "$STAGING/$ARCHIVE" "$MIRROR/$THEME_NAME/$VERSION/$ARCHIVE"
fetch -o "$STAGING/SHA256SUMS" "$MIRROR/$THEME_NAME/$VERSION/SHA256SUMS"

(
    cd "$STAGING"
    grep " $ARCHIVE\$" SHA256SUMS | sha256sum --check --status
) || die "checksum verification failed for $ARCHIVE"

# Refuse archives that would write outside a single top-level directory.
top_dirs="$(tar -tJf "$STAGING/$ARCHIVE" | cut -d/ -f1 | sort -u)"
if [[ "$(wc -l <<<"$top_dirs")" -ne 1 ]] || grep -q '^\.\.$\|^/' <<<"$top_dirs"; then
    die "unexpected archive layout"
fi
installed_name="$top_dirs"

mkdir -p "$DEST"
if [[ -d "$DEST/$installed_name" ]]; then
    log "replacing existing $installed_name"
    rm -rf "${DEST:?}/$installed_name"
fi
tar -xJf "$STAGING/$ARCHIVE" -C "$DEST"

# Older GTK2 apps still look in ~/.themes
if [[ ! -e "$LEGACY_DEST/$installed_name" ]]; then
    mkdir -p "$LEGACY_DEST"
    ln -s "$DEST/$installed_name" "$LEGACY_DEST/$installed_name"
fi

for gtkdir in gtk-3.0 gtk-4.0; do
    if [[ -f "$DEST/$installed_name/$gtkdir/gtk.css" ]]; then
        log "found $gtkdir stylesheet"
    fi
done

if (( APPLY )); then
    if command -v gsettings >/dev/null 2>&1; then
        gsettings set org.gnome.desktop.interface gtk-theme "$installed_name"
        if [[ -n "$VARIANT" ]]; then
            gsettings set org.gnome.desktop.interface color-scheme prefer-dark
        fi
        log "applied $installed_name"
    else
        log "gsettings not found; select $installed_name in your settings app"
    fi
fi

log "installed $installed_name $VERSION into $DEST"
