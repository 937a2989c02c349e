#!/bin/sh
# parking_kiosk_setup.sh - prepare a pay-and-display parking kiosk.
#
# Creates the kiosk virtualenv in the current checkout, writes the local
# kiosk.conf from the site template and registers the kiosk UI so it comes
# up with the attendant's desktop session.
#
#   ./parking_kiosk_setup.sh SITE_CODE [ZONE]
set -eu

SITE_CODE="${1:-}"
ZONE="${2:-A}"
APP_DIR="$(pwd)"
VENV="$APP_DIR/.venv"
CONF="$APP_DIR/kiosk.conf"
TEMPLATE="$APP_DIR/config/kiosk.conf.in"
UI_ENTRY="kiosk_ui.main"

say() { echo "[kiosk-setup] $*"; }
fail() { echo "[kiosk-setup] ERROR: $*" >&2; exit 1; }

[ -n "$SITE_CODE" ] || fail "usage: $0 SITE_CODE [ZONE]"
[ -f "$TEMPLATE" ] || fail "template $TEMPLATE missing (run from repo root)"

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

render_conf() {
    say "rendering $CONF for site $SITE_CODE zone $ZONE"
    sed -e "s/@SITE_CODE@/$SITE_CODE/g" \
        -e "s/@ZONE@/$ZONE/g" \
        -e "s|@APP_DIR@|$APP_DIR|g" \
        "$TEMPLATE" > "$CONF"
    chmod 0600 "$CONF"
}

write_launcher() {
    launcher="$APP_DIR/run_kiosk.sh"
    cat > "$launcher" <<EOF
#!/bin/sh
cd "$APP_DIR" || exit 1
export KIOSK_CONF="$CONF"
exec "$VENV/bin/python" -m $UI_ENTRY --fullscreen >> "$APP_DIR/kiosk.log" 2>&1
EOF
    chmod 0755 "$launcher"
    echo "$launcher"
}

register_session_start() {
    launcher="$1"
    cfg_home="${XDG_CONFIG_HOME:-$HOME/.config}"
    dir="$cfg_home/autostart"
    mkdir -p "$dir"
    entry="$dir/parking-kiosk-$SITE_CODE.desktop"
    {
        printf '[Desktop Entry]\n'
        printf 'Type=Application\n'
        printf 'Name=Parking Kiosk %s\n' "$SITE_CODE"
        printf 'Exec=%s\n' "$launcher"
        printf 'X-GNOME-Autostart-enabled=true\n'
        printf 'NoDisplay=true\n'
        printf 'Terminal=false\n'
    } > "$entry"
    say "registered $entry"
}

self_test() {
    say "running kiosk self-test"
    KIOSK_CONF="$CONF" "$VENV/bin/python" -m kiosk_ui.selftest || fail "self-test failed"
}

make_venv
render_conf
LAUNCHER="$(write_launcher)"
self_test
register_session_start "$LAUNCHER"
say "done; kiosk UI will start on next login (or run $LAUNCHER now)"
