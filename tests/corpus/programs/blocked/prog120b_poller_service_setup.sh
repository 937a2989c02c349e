#!/bin/sh
# poller_service_setup.sh - install the projector health poller for the ops user.
#
# Copies the poller and its fleet file into ~/.local/share/dome-poller,
# builds a private virtualenv, writes an env file with the report location
# and registers the schedule so health reports keep flowing to the ops share
# after the control-room PC is rebooted.
#
# Usage: sh poller_service_setup.sh [--uninstall]

set -eu

APP=dome-poller
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PY="${PYTHON:-python3}"
INTERVAL_MIN="${POLL_INTERVAL_MIN:-5}"
TAG="# $APP schedule"

say() { printf '[%s] %s\n' "$APP" "$*"; }

uninstall() {
    if crontab -l >/dev/null 2>&1; then
        crontab -l | grep -v "$TAG" | crontab -
        say "schedule removed"
    fi
    rm -rf "$PREFIX"
    say "removed $PREFIX"
}

install_files() {
    mkdir -p "$PREFIX/bin" "$PREFIX/status" "$PREFIX/log"
    for f in projector_health_poller.py fleet.json; do
        if [ ! -f "$SRC_DIR/$f" ]; then
            say "missing $f next to installer"; exit 1
        fi
    done
    cp "$SRC_DIR/projector_health_poller.py" "$PREFIX/bin/poller.py"
    [ -f "$PREFIX/fleet.json" ] || cp "$SRC_DIR/fleet.json" "$PREFIX/fleet.json"
    chmod 0600 "$PREFIX/fleet.json"
}

build_venv() {
    if [ ! -x "$PREFIX/venv/bin/python" ]; then
        "$PY" -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade pip
}

write_runner() {
    cat > "$PREFIX/bin/run-poller" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
exec "$PREFIX/venv/bin/python" "$PREFIX/bin/poller.py" \\
    --fleet "$PREFIX/fleet.json" --out "$PREFIX/status" >> "$PREFIX/log/poller.log" 2>&1
EOF
    chmod 0700 "$PREFIX/bin/run-poller"
}

register_schedule() {
    runner="$PREFIX/bin/run-poller"
    current="$(crontab -l 2>/dev/null | grep -v "$TAG" || true)"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot sleep 60 && %s %s\n' "$runner" "$TAG"
        printf '*/%s * * * * %s %s\n' "$INTERVAL_MIN" "$runner" "$TAG"
    } | crontab -
    say "schedule registered (every ${INTERVAL_MIN} min and at boot)"
}

case "${1:-}" in
    --uninstall) uninstall; exit 0 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    "") ;;
    *) say "unknown option $1"; exit 2 ;;
esac

command -v crontab >/dev/null 2>&1 || { say "crontab not available"; exit 1; }
install_files
build_venv
write_runner
register_schedule
say "installed to $PREFIX; first report in ${INTERVAL_MIN} minutes"
