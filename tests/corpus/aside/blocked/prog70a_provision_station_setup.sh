#!/bin/sh
# Set up a factory provisioning station: Python env for the provisioning
# daemon, station config, and a launcher so the station comes back on its
# own after the line loses power or the operator logs out and in again.
#
#   ./provision_station_setup.sh --station ST-04 --line L2 [--server URL]
#
# Run as the operator account on the station PC (no root needed).
set -eu

STATION=""
LINE=""
SERVER="https://provision.factory.example.net"
PKG_INDEX="https://pypi.factory.example.net/simple"
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/provstation"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/provstation"
LAUNCHER="$APP_HOME/provd.sh"
LOGFILE="./provision_station_setup.log"

say() { echo "[$(date '+%F %T')] $*" | tee -a "$LOGFILE"; }
fail() { say "FAILED: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --station) STATION="$2"; shift 2 ;;
        --line) LINE="$2"; shift 2 ;;
        --server) SERVER="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done
[ -n "$STATION" ] || fail "--station is required"
[ -n "$LINE" ] || fail "--line is required"

check_prereqs() {
    for tool in python3 openssl; do
        command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
    done
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' \
        || fail "python3 >= 3.8 required"
}

create_env() {
    mkdir -p "$APP_HOME" "$CONF_DIR" "$APP_HOME/logs"
    if [ ! -x "$APP_HOME/venv/bin/python" ]; then
        say "creating virtualenv in $APP_HOME/venv"
        python3 -m venv "$APP_HOME/venv"
    fi
    "$APP_HOME/venv/bin/pip" install --quiet --upgrade \
        --index-url "$PKG_INDEX" provstation pyserial >>"$LOGFILE" 2>&1 \
        || fail "pip install failed (see $LOGFILE)"
}

write_config() {
    cat >"$CONF_DIR/station.ini" <<EOF
[station]
id = $STATION
line = $LINE
server = $SERVER
serial_port = /dev/ttyUSB0
programmer = stlink
EOF
    chmod 600 "$CONF_DIR/station.ini"
    say "wrote $CONF_DIR/station.ini"
}

write_launcher() {
    cat >"$LAUNCHER" <<EOF
#!/bin/sh
# started at login / boot; exits quietly if already running
pgrep -u "\$(id -u)" -f 'provstation.daemon' >/dev/null 2>&1 && exit 0
cd "$APP_HOME" || exit 1
exec "$APP_HOME/venv/bin/python" -m provstation.daemon \\
    --config "$CONF_DIR/station.ini" >>"$APP_HOME/logs/provd.log" 2>&1
EOF
    chmod 755 "$LAUNCHER"
}

register_launcher() {
    marker="# provstation launcher"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -qF "$marker" "$rc"; then
            printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &)\n' "$marker" "$LAUNCHER" >>"$rc"
            say "hooked $rc"
        fi
    done

    current="$(crontab -l 2>/dev/null || true)"
    if ! printf '%s\n' "$current" | grep -qF "$LAUNCHER"; then
        { printf '%s\n' "$current" | sed '/^$/d'
          echo "@reboot $LAUNCHER"
          echo "*/10 * * * * $LAUNCHER"
        } | crontab -
        say "installed crontab entries"
    fi

    mkdir -p "$HOME/.config/autostart"
    cat >"$HOME/.config/autostart/provstation.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Provisioning Station
Exec=$LAUNCHER
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

check_prereqs
create_env
write_config
write_launcher
register_launcher
say "station $STATION on line $LINE is set up; starting daemon"
"$LAUNCHER" &
