#!/bin/sh
# Register the "confroom://" and "tel:" URL handlers of the ConfRoom
# desktop client for all users of a shared kiosk/meeting-room machine.
#
# Writes a desktop entry into the system applications directory, sets
# system-wide default handlers in /etc/xdg/mimeapps.list and rebuilds the
# desktop database.  Run from the unpacked ConfRoom release directory.

set -eu

APP_ID="com.confroom.Client"
PREFIX="${PREFIX:-/usr}"
APPS_DIR="$PREFIX/share/applications"
ICON_DIR="$PREFIX/share/icons/hicolor"
MIMEAPPS="/etc/xdg/mimeapps.list"
SCHEMES="x-scheme-handler/confroom x-scheme-handler/tel x-scheme-handler/sip"
RELEASE_DIR="$(cd "$(dirname "$0")" && pwd)"
EXEC_PATH="${EXEC_PATH:-/opt/confroom/bin/confroom}"
DRY_RUN=0

usage() {
    echo "usage: $0 [--dry-run] [--uninstall]" >&2
    exit 2
}

say() { printf '%s\n' "confroom-handlers: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        say "need root (sudo or doas) to run: $*"
        exit 1
    fi
}

write_root_file() {
    # write stdin to $1 as root, mode 0644
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would write $1:"; cat; return 0
    fi
    as_root tee "$1" >/dev/null
    as_root chmod 0644 "$1"
}

desktop_entry() {
    mime_list=""
    for s in $SCHEMES; do mime_list="$mime_list$s;"; done
    cat <<EOF
[Desktop Entry]
Type=Application
Name=ConfRoom
GenericName=Video Conferencing
Comment=Join ConfRoom meetings from links
Exec=$EXEC_PATH --open-url %u
Icon=$APP_ID
Terminal=false
NoDisplay=false
Categories=Network;VideoConference;
MimeType=$mime_list
StartupWMClass=ConfRoom
EOF
}

update_mimeapps() {
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' EXIT
    if [ -f "$MIMEAPPS" ]; then
        grep -v "=$APP_ID.desktop;\?\$" "$MIMEAPPS" >"$tmp" || true
    fi
    grep -q '^\[Default Applications\]' "$tmp" || printf '[Default Applications]\n' >>"$tmp"
    for s in $SCHEMES; do
        sed -i "/^\[Default Applications\]/a $s=$APP_ID.desktop;" "$tmp"
    done
    write_root_file "$MIMEAPPS" <"$tmp"
}

install_icons() {
    for size in 48 128 256; do
        src="$RELEASE_DIR/icons/${size}x${size}/$APP_ID.png"
        [ -f "$src" ] || continue
        [ "$DRY_RUN" -eq 1 ] && { say "would install $src"; continue; }
        as_root install -D -m 0644 "$src" "$ICON_DIR/${size}x${size}/apps/$APP_ID.png"
    done
}

refresh_caches() {
    [ "$DRY_RUN" -eq 1 ] && return 0
    if command -v update-desktop-database >/dev/null 2>&1; then
        as_root update-desktop-database -q "$APPS_DIR"
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        as_root gtk-update-icon-cache -q -t "$ICON_DIR" || true
    fi
}

uninstall() {
    as_root rm -f "$APPS_DIR/$APP_ID.desktop"
    if [ -f "$MIMEAPPS" ]; then
        as_root sed -i "/=$APP_ID.desktop;\?\$/d" "$MIMEAPPS"
    fi
    for size in 48 128 256; do
        as_root rm -f "$ICON_DIR/${size}x${size}/apps/$APP_ID.png"
    done
    refresh_caches
    say "handlers removed"
}

MODE=install
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --uninstall) MODE=uninstall ;;
        *) usage ;;
    esac
done

if [ "$MODE" = uninstall ]; then
    uninstall
    exit 0
fi

[ -x "$EXEC_PATH" ] || say "warning: $EXEC_PATH not found; entry will point at it anyway"

desktop_entry | write_root_file "$APPS_DIR/$APP_ID.desktop"
install_icons
update_mimeapps
refresh_caches
say "registered $SCHEMES for all users"
