#!/usr/bin/env bash
# Set up the greenhouse sensor logger in the current directory.
#
# Creates a virtualenv, installs the logger's requirements, writes a default
# logger.toml (bench names, sample interval, serial port) and a run.sh that
# starts the logger. Re-running keeps an existing config.
#
#   ./greenhouse_logger_setup.sh [--port /dev/ttyUSB0] [--interval 60]

set -euo pipefail

APP_DIR="$(pwd)"
PORT="/dev/ttyUSB0"
INTERVAL=60
PYTHON="${PYTHON:-python3}"

usage() { sed -n '2,9p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage; exit 2 ;;
    esac
done

info() { echo -e "\033[32m==>\033[0m $*"; }
warn() { echo -e "\033[33m!!\033[0m $*" >&2; }

check_python() {
    "$PYTHON" - <<'PY' || { warn "Python 3.9+ required"; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
PY
}

make_venv() {
    if [[ ! -x "$APP_DIR/.venv/bin/python" ]]; then
        info "creating virtualenv"
        "$PYTHON" -m venv "$APP_DIR/.venv"
    fi
    cat > "$APP_DIR/requirements.txt" <<'REQ'
pyserial>=3.5
tomli>=2.0; python_version < "3.11"
REQ
    info "installing requirements"
    "$APP_DIR/.venv/bin/pip" install --quiet --upgrade pip
    "$APP_DIR/.venv/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

write_config() {
    local cfg="$APP_DIR/logger.toml"
    if [[ -f "$cfg" ]]; then
        info "keeping existing $cfg"
        return
    fi
    cat > "$cfg" <<TOML
[serial]
port = "$PORT"
baud = 9600

[logging]
interval_seconds = $INTERVAL
data_dir = "data"

[benches]
"A" = "propagation"
"B" = "bedding plants"
"C" = "cut flowers"
TOML
    chmod 0600 "$cfg"
    info "wrote $cfg"
}

write_runner() {
    cat > "$APP_DIR/run.sh" <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
exec ./.venv/bin/python sensor_logger.py --config logger.toml "$@"
RUN
    chmod 0755 "$APP_DIR/run.sh"
    mkdir -p "$APP_DIR/data"
}

check_python
make_venv
write_config
write_runner

[[ -e "$PORT" ]] || warn "$PORT not present yet - plug in the sensor hub before starting"
info "done. Start the logger with: $APP_DIR/run.sh"
