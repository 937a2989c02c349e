#!/usr/bin/env bash
# Register the Quillnotes build with the desktop menu for all users.
#
# Generates a .desktop entry pointing at the project's built binary,
# validates it when desktop-file-validate is available, and installs it
# together with the icon under /usr/share with sudo, then refreshes the
# desktop and icon caches.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
APP_ID="org.example.Quillnotes"
APP_NAME="Quillnotes"
BINARY="$PROJECT_DIR/dist/quillnotes"
ICON_SRC="$PROJECT_DIR/assets/icon-256.png"
STAGE_DIR="$PROJECT_DIR/build/desktop"

APPS_DIR="/usr/share/applications"
ICON_DIR="/usr/share/icons/hicolor/256x256/apps"

[ -x "$BINARY" ] || { echo "build the app first: $BINARY missing" >&2; exit 1; }
[ -f "$ICON_SRC" ] || { echo "icon missing: $ICON_SRC" >&2; exit 1; }

mkdir -p "$STAGE_DIR"
ENTRY="$STAGE_DIR/$APP_ID.desktop"

cat > "$ENTRY" <<EOF
[Desktop Entry]
Type=Application
Version=1.5
Name=$APP_NAME
GenericName=Note Taking
Comment=Write and organise markdown notes
Exec=$BINARY %U
Icon=$APP_ID
Terminal=false
Categories=Office;TextEditor;
MimeType=text/markdown;text/plain;
EOF

if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$ENTRY"
else
    grep -q '^Exec=' "$ENTRY" || { echo "entry has no Exec line" >&2; exit 1; }
fi

echo "installing menu entry for all users (sudo required)"
sudo install -D -o root -g root -m 0644 "$ENTRY" "$APPS_DIR/$APP_ID.desktop"
sudo install -D -o root -g root -m 0644 "$ICON_SRC" "$ICON_DIR/$APP_ID.png"

if command -v update-desktop-database >/dev/null 2>&1; then
    sudo update-desktop-database -q "$APPS_DIR"
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    sudo gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor
fi

echo "installed $APPS_DIR/$APP_ID.desktop"
echo "installed $ICON_DIR/$APP_ID.png"
echo "$APP_NAME should now appear in the applications menu"
