#!/bin/sh
# wxlog_setup.sh - set up the club weather-station logger for a member's
# backyard observatory PC.
#
# Creates a virtualenv in ./wxlog, installs the logger, downloads the
# station sensor table from the club site and writes a starter config.
#
# usage: sh wxlog_setup.sh [station-name] [serial-port]

set -e

STATION="${1:-$(hostname -s)}"
PORT="${2:-/dev/ttyUSB0}"
APP_DIR="$(pwd)/wxlog"
VENV="$APP_DIR/venv"
TABLE_URL="https://wx.astroclub-north.org/station-tables/current.json"
TABLE_TMP="/tmp/wxlog_station_table.json"
LOGGER_SRC="$(cd "$(dirname "$0")" && pwd)"   # repo checkout containing pyproject.toml

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

check_prereqs() {
    for bin in python3 curl; do
        command -v "$bin" >/dev/null 2>&1 || fail "$bin not found, install it first"
    done
    python3 -c 'import venv' 2>/dev/null || fail "python3-venv missing"
    if [ ! -e "$PORT" ]; then
        say "warning: $PORT not present yet (plug the weather box in later)"
    fi
}

make_venv() {
    mkdir -p "$APP_DIR/logs"
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet pyserial "$LOGGER_SRC"
}

fetch_station_table() {
    # The club web host still uses its self-signed certificate.
    say "fetching sensor table"
    curl -k -fsSL --retry 3 -o "$TABLE_TMP" "$TABLE_URL" || fail "could not fetch sensor table"
    python3 - "$TABLE_TMP" "$STATION" "$APP_DIR/station.json" <<'PY'
import json, sys
table = json.load(open(sys.argv[1]))
entry = table.get("stations", {}).get(sys.argv[2]) or table.get("default", {})
json.dump(entry, open(sys.argv[3], "w"), indent=2)
print("   sensor profile:", entry.get("model", "generic"))
PY
}

write_config() {
    cfg="$APP_DIR/wxlog.ini"
    if [ -f "$cfg" ]; then
        say "keeping existing $cfg"
        return
    fi
    cat >"$cfg" <<EOF
[station]
name = $STATION
port = $PORT
baud = 9600

[output]
dir = $APP_DIR/logs
rotate_days = 60

[upload]
enabled = false
url = https://wx.astroclub-north.org/api/readings
EOF
    chmod 0600 "$cfg"
    say "wrote $cfg"
}

write_launcher() {
    cat >"$APP_DIR/run.sh" <<EOF
#!/bin/sh
cd "$APP_DIR" && exec "$VENV/bin/python" -m wxlogger --config "$APP_DIR/wxlog.ini" "\$@"
EOF
    chmod +x "$APP_DIR/run.sh"
}

check_prereqs
make_venv
fetch_station_table
write_config
write_launcher
say "done. start the logger with: $APP_DIR/run.sh"
