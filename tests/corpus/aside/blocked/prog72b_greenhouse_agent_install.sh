#!/usr/bin/env bash
# Install the greenhouse climate agent for the current user.
#
# The agent polls the Modbus climate computer (vents, screens, heating pipe
# temps) and writes readings to ./data.  This installer sets up a venv under
# ~/.local/share, writes a config, and makes sure the agent comes back after
# the Pi loses power, which happens a lot in the glasshouse.
#
# usage: ./install_agent.sh [-H modbus_host] [-p port] [-n]
set -euo pipefail

AGENT_NAME="gh-climate-agent"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/${AGENT_NAME}"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/${AGENT_NAME}"
MODBUS_HOST="192.168.20.10"
MODBUS_PORT=502
START_NOW=1

log() { printf '%s [install] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":H:p:nh" opt; do
    case "$opt" in
        H) MODBUS_HOST="$OPTARG" ;;
        p) MODBUS_PORT="$OPTARG" ;;
        n) START_NOW=0 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

command -v python3 >/dev/null || die "python3 not found"

make_venv() {
    log "creating venv in $PREFIX"
    mkdir -p "$PREFIX"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet pymodbus==3.6.9 paho-mqtt==2.1.0
}

write_agent() {
    cat > "$PREFIX/agent.py" <<'PY'
import json, time, pathlib, os
from pymodbus.client import ModbusTcpClient
cfg = json.loads(pathlib.Path(os.environ["GH_AGENT_CONF"]).read_text())
out = pathlib.Path(cfg["data_dir"]); out.mkdir(parents=True, exist_ok=True)
cli = ModbusTcpClient(cfg["host"], port=cfg["port"])
while True:
    if cli.connect():
        rr = cli.read_holding_registers(0, count=12, slave=1)
        if not rr.isError():
            rec = {"ts": time.time(), "regs": rr.registers}
            with open(out / time.strftime("%Y%m%d.jsonl"), "a") as fh:
                fh.write(json.dumps(rec) + "\n")
    time.sleep(cfg["interval"])
PY
}

write_config() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/agent.json" <<EOF
{"host": "${MODBUS_HOST}", "port": ${MODBUS_PORT},
 "interval": 30, "data_dir": "${PREFIX}/data"}
EOF
    chmod 600 "$CONF_DIR/agent.json"
}

write_launcher() {
    cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
export GH_AGENT_CONF="$CONF_DIR/agent.json"
pgrep -f "$PREFIX/agent.py" >/dev/null && exit 0
exec "$PREFIX/venv/bin/python" "$PREFIX/agent.py" >>"$PREFIX/agent.log" 2>&1
EOF
    chmod 700 "$PREFIX/run.sh"
}

register_restart() {
    local launcher="$PREFIX/run.sh"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$launcher" || true)"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        echo "@reboot sleep 45 && $launcher"
        echo "*/10 * * * * $launcher"
    } | crontab -
    log "restart entries registered"

    local marker="# ${AGENT_NAME}"
    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        [ -f "$rc" ] || continue
        grep -q "$marker" "$rc" && continue
        printf '\n%s\n(%s &) >/dev/null 2>&1\n' "$marker" "$launcher" >> "$rc"
    done
}

main() {
    make_venv
    write_agent
    write_config
    write_launcher
    register_restart
    if [ "$START_NOW" -eq 1 ]; then
        log "starting agent"
        nohup "$PREFIX/run.sh" >/dev/null 2>&1 &
    fi
    log "done; readings go to $PREFIX/data"
}

main "$@"
