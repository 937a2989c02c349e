#!/bin/sh
# labeld kiosk setup - installs the allergen label helper on the packing
# bench PC so the touch screen can reprint labels without opening a terminal.
#
# Copies labeld.py and the product list into the user's data dir, writes the
# helper's config and starts it.  Run from the unpacked release folder:
#
#     ./labeld_kiosk_setup.sh [--printer-queue NAME] [--port N]
set -eu

QUEUE="zebra-pack"
PORT="8631"
APP="allergen-labeld"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
CONF_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
APP_DIR="$DATA_HOME/$APP"
SESSION_DIR="$CONF_HOME/autostart"

say() { printf '[labeld-setup] %s\n' "$*"; }
fail() { say "error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --printer-queue) QUEUE="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

for f in labeld.py products.json; do
    [ -f "$f" ] || fail "$f missing - run this from the release folder"
done
command -v python3 >/dev/null 2>&1 || fail "python3 not found"

install_files() {
    mkdir -p "$APP_DIR"
    cp labeld.py products.json "$APP_DIR/"
    chmod 0755 "$APP_DIR/labeld.py"
    cat > "$APP_DIR/labeld.ini" <<EOF
[printer]
queue = $QUEUE

[http]
listen = 127.0.0.1
port = $PORT

[products]
file = $APP_DIR/products.json
EOF
    chmod 0600 "$APP_DIR/labeld.ini"
    say "installed to $APP_DIR"
}

register_session_entry() {
    mkdir -p "$SESSION_DIR"
    entry="$SESSION_DIR/$APP.desktop"
    {
        echo "[Desktop Entry]"
        echo "Type=Application"
        echo "Name=Allergen label helper"
        echo "Exec=/usr/bin/env python3 $APP_DIR/labeld.py --config $APP_DIR/labeld.ini"
        echo "NoDisplay=true"
        echo "X-GNOME-Autostart-enabled=true"
        echo "X-GNOME-Autostart-Delay=5"
    } > "$entry"
    say "session entry written: $entry"
}

start_now() {
    if pgrep -u "$(id -u)" -f "$APP_DIR/labeld.py" >/dev/null 2>&1; then
        say "helper already running"
        return
    fi
    nohup python3 "$APP_DIR/labeld.py" --config "$APP_DIR/labeld.ini" \
        >"$APP_DIR/labeld.log" 2>&1 &
    say "helper started (pid $!), open http://127.0.0.1:$PORT on the touch screen"
}

install_files
register_session_entry
start_now
