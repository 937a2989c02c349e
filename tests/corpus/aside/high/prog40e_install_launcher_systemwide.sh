#!/usr/bin/env bash
# Install a freshly built Lantern launcher for all users on this machine.
#
# Takes the build output in ./dist (same layout package_pak_release.sh and
# the CI produce), verifies its checksum list, and installs the binary, the
# shared data and the icons under /usr/local and /usr/share.
set -euo pipefail

DIST_DIR="${DIST_DIR:-dist/launcher}"
PREFIX="${PREFIX:-/usr/local}"
SHARE_DIR="/usr/share/lantern-launcher"
ICON_ROOT="/usr/share/icons/hicolor"
APP_ENTRY="/usr/share/applications/lantern-launcher.desktop"
SUDO="sudo"

log() { printf '[install] %s\n' "$*"; }
die() { printf '[install] error: %s\n' "$*" >&2; exit 1; }

[[ $EUID -eq 0 ]] && SUDO=""
[[ -d "$DIST_DIR" ]] || die "no build in $DIST_DIR; run the build first"
[[ -f "$DIST_DIR/SHA256SUMS" ]] || die "missing $DIST_DIR/SHA256SUMS"

log "verifying build checksums"
(cd "$DIST_DIR" && sha256sum --quiet -c SHA256SUMS) || die "checksum mismatch"

version="$(cat "$DIST_DIR/VERSION" 2>/dev/null || echo dev)"
log "installing Lantern launcher ${version} into ${PREFIX}"

if [[ -n "$SUDO" ]]; then
    $SUDO -v || die "sudo is required to install system-wide"
fi

# binary
$SUDO install -D -m 0755 -o root -g root \
    "$DIST_DIR/lantern-launcher" "${PREFIX}/bin/lantern-launcher"

# shared data (themes, locale files)
$SUDO mkdir -p "$SHARE_DIR"
$SUDO cp -r --no-preserve=ownership "$DIST_DIR/share/." "$SHARE_DIR/"
$SUDO find "$SHARE_DIR" -type d -exec chmod 0755 {} +
$SUDO find "$SHARE_DIR" -type f -exec chmod 0644 {} +

# icons, one per size
for size in 32 64 128 256; do
    src="$DIST_DIR/icons/${size}.png"
    [[ -f "$src" ]] || { log "no ${size}px icon, skipping"; continue; }
    $SUDO install -D -m 0644 "$src" \
        "${ICON_ROOT}/${size}x${size}/apps/lantern-launcher.png"
done

# menu entry
desktop_tmp="$(mktemp --suffix=.desktop)"
trap 'rm -f "$desktop_tmp"' EXIT
cat > "$desktop_tmp" <<EOF
[Desktop Entry]
Type=Application
Name=Lantern Launcher
Comment=Play and update Lantern Forge games
Exec=${PREFIX}/bin/lantern-launcher %U
Icon=lantern-launcher
Categories=Game;
Version=1.0
EOF
$SUDO install -D -m 0644 "$desktop_tmp" "$APP_ENTRY"

if command -v gtk-update-icon-cache >/dev/null; then
    $SUDO gtk-update-icon-cache -q -t "$ICON_ROOT" || true
fi
if command -v update-desktop-database >/dev/null; then
    $SUDO update-desktop-database -q /usr/share/applications || true
fi

log "installed ${PREFIX}/bin/lantern-launcher (${version})"
