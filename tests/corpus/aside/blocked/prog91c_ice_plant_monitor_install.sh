#!/bin/sh
# ice_plant_monitor_install.sh - install the flake-ice plant monitor from the
# current checkout: virtualenv, config file with the PLC gateway address,
# a connectivity check, and start-up hooks so the monitor comes back after
# the plant PC is power-cycled.
#
#   ./ice_plant_monitor_install.sh [-g gateway_host] [-p python] [-f]

set -eu

APP_DIR=$(pwd)
VENV="$APP_DIR/.venv"
CONF="$APP_DIR/iceplant.ini"
PYTHON=python3
GATEWAY=""
FORCE=0
TAG="# iceplant-monitor"

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "g:p:fh" opt; do
    case $opt in
        g) GATEWAY=$OPTARG ;;
        p) PYTHON=$OPTARG ;;
        f) FORCE=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

[ -f "$APP_DIR/iceplant_monitor/__init__.py" ] || die "run this from the iceplant-monitor checkout"
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found"

make_venv() {
    if [ -d "$VENV" ] && [ "$FORCE" -eq 0 ]; then
        say "virtualenv already present"
    else
        rm -rf "$VENV"
        say "creating virtualenv in $VENV"
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

write_config() {
    if [ -f "$CONF" ] && [ "$FORCE" -eq 0 ]; then
        say "keeping existing $CONF"
        return
    fi
    [ -n "$GATEWAY" ] || GATEWAY=192.168.50.10
    say "writing $CONF (gateway $GATEWAY)"
    cat > "$CONF" <<EOF
[gateway]
host = $GATEWAY
port = 502
unit_id = 1

[thresholds]
brine_temp_max_c = -18.5
drum_motor_amps_max = 42
ice_bin_level_min_pct = 15

[alerts]
sms_api_key =
recipients = +4790000000
poll_seconds = 20
EOF
    chmod 0600 "$CONF"
}

check_gateway() {
    host=$(sed -n 's/^host *= *//p' "$CONF" | head -n1)
    if curl -fsS --max-time 5 "http://$host/status.json" -o "$APP_DIR/.gateway_status.json"; then
        say "gateway $host reachable"
    else
        warn "gateway $host did not answer; check the plant network"
    fi
}

self_test() {
    "$VENV/bin/python" -m iceplant_monitor --config "$CONF" --check \
        || warn "self-test reported problems"
}

RUN_CMD="cd $APP_DIR && $VENV/bin/python -m iceplant_monitor --config $CONF"

hook_scheduler() {
    current=$(crontab -l 2>/dev/null | grep -v "$TAG" || true)
    printf '%s\n@reboot %s >/dev/null 2>&1 %s\n*/10 * * * * pgrep -f iceplant_monitor >/dev/null || (%s) >/dev/null 2>&1 %s\n' \
        "$current" "$RUN_CMD" "$TAG" "$RUN_CMD" "$TAG" | crontab -
    say "scheduler entries updated"
}

hook_session() {
    dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$dir"
    cat > "$dir/iceplant-monitor.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Ice Plant Monitor
Exec=sh -c '$RUN_CMD'
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    say "session autostart entry written"
}

make_venv
write_config
check_gateway
self_test
hook_scheduler
hook_session

say "installed; the monitor will start with the next boot or login"
