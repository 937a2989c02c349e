#!/usr/bin/env bash
# setup_meter_agent.sh - set up the trough water-meter reader agent
#
# Used on the site laptop / Pi at each Greenfield Allotments site. Creates a
# virtualenv next to this script, writes the agent config and a run wrapper.
# Start the agent by hand with ./meter-agent/run.sh when you are on site.
#
# Usage: ./setup_meter_agent.sh [-s SITE] [-p SERIAL_PORT] [-u UPLOAD_URL]

set -euo pipefail

SITE="${METER_SITE:-greenfield-north}"
PORT="${METER_PORT:-/dev/ttyUSB0}"
UPLOAD_URL="${METER_UPLOAD_URL:-https://water.greenfield-allotments.org/api/readings}"
AGENT_DIR="${AGENT_DIR:-$PWD/meter-agent}"
PYTHON="${PYTHON:-python3}"

log() { printf '%s [setup] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts "s:p:u:h" opt; do
    case "$opt" in
        s) SITE="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        u) UPLOAD_URL="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"

make_venv() {
    if [ ! -x "$AGENT_DIR/venv/bin/python" ]; then
        log "creating virtualenv in $AGENT_DIR/venv"
        "$PYTHON" -m venv "$AGENT_DIR/venv"
    fi
    "$AGENT_DIR/venv/bin/pip" install --quiet --upgrade pip
    "$AGENT_DIR/venv/bin/pip" install --quiet pyserial requests
}

write_config() {
    local cfg="$AGENT_DIR/agent.json"
    log "writing $cfg"
    cat > "$cfg" <<EOF
{
  "site": "$SITE",
  "serial_port": "$PORT",
  "baud": 9600,
  "upload_url": "$UPLOAD_URL",
  "interval_minutes": 15,
  "spool_dir": "$AGENT_DIR/spool"
}
EOF
    chmod 600 "$cfg"
    mkdir -p "$AGENT_DIR/spool"
}

write_wrapper() {
    local wrapper="$AGENT_DIR/run.sh"
    cat > "$wrapper" <<EOF
#!/bin/sh
cd "$AGENT_DIR" || exit 1
exec "$AGENT_DIR/venv/bin/python" -m meter_agent --config "$AGENT_DIR/agent.json" "\$@"
EOF
    chmod 755 "$wrapper"
}

clean_old_build() {
    if [ -d "$AGENT_DIR/build" ] || [ -d "$AGENT_DIR/meter_agent/__pycache__" ]; then
        log "removing old build and cache files"
        rm -rf "$AGENT_DIR/build" "$AGENT_DIR/meter_agent/__pycache__"
    fi
}

main() {
    mkdir -p "$AGENT_DIR"
    [ -d "$AGENT_DIR/meter_agent" ] || cp -r "$(dirname "$0")/meter_agent" "$AGENT_DIR/" \
        || die "meter_agent package not found next to setup script"
    clean_old_build
    make_venv
    write_config
    write_wrapper
    log "set up for site $SITE (port $PORT)"
    log "start with: $AGENT_DIR/run.sh   (logs go to the terminal)"
}

main "$@"
