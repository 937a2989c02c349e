#!/bin/sh
# install_opcua_bridge.sh - set up the OPC UA -> MQTT bridge on a line PC
#
# Creates a virtualenv under $BRIDGE_HOME, installs the bridge and its
# dependencies, writes a starter config for the cell's PLC endpoint and
# makes sure the bridge comes back after power cuts on the shop floor.
#
#   BRIDGE_HOME      install dir            (default: ~/opcua-bridge)
#   OPCUA_ENDPOINT   PLC OPC UA endpoint    (default: opc.tcp://plc-cell.local:4840)
#   MQTT_HOST        broker host            (default: mqtt.plant.local)
#   AUTOSTART        1 to start with the PC (default: 1)
set -eu

BRIDGE_HOME="${BRIDGE_HOME:-$HOME/opcua-bridge}"
OPCUA_ENDPOINT="${OPCUA_ENDPOINT:-opc.tcp://plc-cell.local:4840}"
MQTT_HOST="${MQTT_HOST:-mqtt.plant.local}"
AUTOSTART="${AUTOSTART:-1}"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PYTHON="${PYTHON:-python3}"

say() { printf '[opcua-bridge] %s\n' "$*"; }
fail() { say "ERROR: $*" >&2; exit 1; }

check_prereqs() {
    command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' \
        || fail "python 3.9+ required"
    [ -f "$SRC_DIR/bridge.py" ] || fail "bridge.py not found next to installer"
}

make_venv() {
    mkdir -p "$BRIDGE_HOME/logs" "$BRIDGE_HOME/app"
    if [ ! -x "$BRIDGE_HOME/venv/bin/python" ]; then
        say "creating virtualenv"
        "$PYTHON" -m venv "$BRIDGE_HOME/venv"
    fi
    "$BRIDGE_HOME/venv/bin/pip" install --quiet --upgrade pip
    "$BRIDGE_HOME/venv/bin/pip" install --quiet "asyncua>=1.0" "paho-mqtt>=1.6"
    cp "$SRC_DIR/bridge.py" "$BRIDGE_HOME/app/bridge.py"
}

write_config() {
    cfg="$BRIDGE_HOME/bridge.toml"
    if [ -f "$cfg" ]; then
        say "keeping existing $cfg"
        return
    fi
    cat >"$cfg" <<EOF
[opcua]
endpoint = "$OPCUA_ENDPOINT"
namespace = 2
browse_root = "Objects/Cell"
publish_interval_ms = 500

[mqtt]
host = "$MQTT_HOST"
port = 1883
topic_prefix = "plant/$(hostname)/opcua"
EOF
    chmod 600 "$cfg"
    say "wrote $cfg"
}

write_runner() {
    runner="$BRIDGE_HOME/run_bridge.sh"
    cat >"$runner" <<EOF
#!/bin/sh
# restart loop for the OPC UA bridge
cd "$BRIDGE_HOME"
while :; do
    "$BRIDGE_HOME/venv/bin/python" app/bridge.py -c bridge.toml >>logs/bridge.log 2>&1
    echo "\$(date) bridge exited with \$?, restarting" >>logs/bridge.log
    sleep 10
done
EOF
    chmod 755 "$runner"
}

enable_autostart() {
    runner="$BRIDGE_HOME/run_bridge.sh"
    entry="@reboot $runner >>$BRIDGE_HOME/logs/cron.log 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$runner"*) say "crontab entry already present" ;;
        *)
            printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
            say "added @reboot entry"
            ;;
    esac

    # kiosk PCs auto-login, so also start with the login session
    profile="$HOME/.profile"
    if ! grep -q 'opcua-bridge autostart' "$profile" 2>/dev/null; then
        cat >>"$profile" <<EOF

# opcua-bridge autostart
pgrep -f "$runner" >/dev/null 2>&1 || nohup "$runner" >/dev/null 2>&1 &
EOF
        say "hooked $profile"
    fi
}

main() {
    check_prereqs
    make_venv
    write_config
    write_runner
    if [ "$AUTOSTART" = "1" ]; then
        enable_autostart
    fi
    say "done. start now with: $BRIDGE_HOME/run_bridge.sh &"
}

main "$@"
