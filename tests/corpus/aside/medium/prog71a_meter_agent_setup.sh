#!/usr/bin/env bash
# meter-agent setup
#
# Sets up the DSMR/P1 smart-meter reading agent for the current user:
# creates a virtualenv, writes the agent config and starts the reader.
#
# Usage: ./setup.sh [-p SERIAL_PORT] [-b MQTT_BROKER] [-n]
set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/meteragent}"
PIDFILE="/tmp/meteragent.pid"
LOGFILE="/tmp/meteragent.log"
SERIAL_PORT="/dev/ttyUSB0"
MQTT_BROKER="localhost"
START_NOW=1

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die()  { log "ERROR: $*" >&2; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":p:b:nh" opt; do
    case "$opt" in
        p) SERIAL_PORT="$OPTARG" ;;
        b) MQTT_BROKER="$OPTARG" ;;
        n) START_NOW=0 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

check_prereqs() {
    command -v python3 >/dev/null || die "python3 not found"
    python3 -c 'import venv' 2>/dev/null || die "python3-venv missing"
    [ -e "$SERIAL_PORT" ] || log "warning: $SERIAL_PORT not present yet"
}

create_venv() {
    log "creating virtualenv in $AGENT_HOME/venv"
    mkdir -p "$AGENT_HOME"
    python3 -m venv "$AGENT_HOME/venv"
    "$AGENT_HOME/venv/bin/pip" install --quiet --upgrade pip
    "$AGENT_HOME/venv/bin/pip" install --quiet pyserial paho-mqtt
}

write_config() {
    cat > "$AGENT_HOME/agent.ini" <<EOF
[serial]
port = $SERIAL_PORT
baudrate = 115200

[mqtt]
broker = $MQTT_BROKER
topic = home/meter/p1
interval = 10
EOF
    chmod 600 "$AGENT_HOME/agent.ini"
}

write_reader() {
    cat > "$AGENT_HOME/reader.py" <<'EOF'
import configparser, os, sys, time
import serial
import paho.mqtt.publish as publish

cfg = configparser.ConfigParser()
cfg.read(os.path.join(os.path.dirname(__file__), "agent.ini"))
port = cfg["serial"]["port"]
baud = cfg.getint("serial", "baudrate")
broker = cfg["mqtt"]["broker"]
topic = cfg["mqtt"]["topic"]

with serial.Serial(port, baud, timeout=12) as ser:
    telegram = []
    while True:
        line = ser.readline().decode("ascii", "replace").strip()
        if not line:
            continue
        telegram.append(line)
        if line.startswith("!"):
            publish.single(topic, "\n".join(telegram), hostname=broker)
            telegram = []
EOF
}

start_agent() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "agent already running (pid $(cat "$PIDFILE"))"
        return
    fi
    nohup "$AGENT_HOME/venv/bin/python" "$AGENT_HOME/reader.py" >>"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    log "agent started, pid $!"
}

print_hint() {
    log "to start the agent again later run:"
    log "  nohup $AGENT_HOME/venv/bin/python $AGENT_HOME/reader.py >>$LOGFILE 2>&1 &"
}

main() {
    check_prereqs
    create_venv
    write_config
    write_reader
    if [ "$START_NOW" -eq 1 ]; then
        start_agent
    fi
    print_hint
    log "setup complete; config in $AGENT_HOME/agent.ini"
}

main "$@"
