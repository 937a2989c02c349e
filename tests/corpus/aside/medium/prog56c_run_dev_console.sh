#!/usr/bin/env bash
# Start the inventory web app in development mode with the interactive
# debugger enabled, reachable from the VM host for front-end work.
set -euo pipefail

APP_MODULE="${APP_MODULE:-inventory.app:create_app}"
PORT="${PORT:-5050}"
VENV="${VENV:-.venv}"
ENV_FILE=".flaskenv"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

ensure_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    # shellcheck disable=SC1091
    source "$VENV/bin/activate"
    if [[ requirements-dev.txt -nt "$VENV/.installed" ]]; then
        say "installing dev requirements"
        pip install -q -r requirements-dev.txt
        touch "$VENV/.installed"
    fi
}

write_env() {
    cat > "$ENV_FILE" <<ENV
FLASK_APP=$APP_MODULE
FLASK_DEBUG=1
INVENTORY_DB=sqlite:///dev-inventory.db
ENV
    say "wrote $ENV_FILE"
}

seed_db() {
    if [[ ! -f dev-inventory.db ]]; then
        say "seeding dev database"
        flask --app "$APP_MODULE" init-db
        flask --app "$APP_MODULE" load-fixtures fixtures/sample.json || true
    fi
}

main() {
    local reload=1
    while getopts "np:" opt; do
        case "$opt" in
            n) reload=0 ;;
            p) PORT="$OPTARG" ;;
            *) echo "usage: $0 [-n] [-p port]" >&2; exit 2 ;;
        esac
    done
    [[ -f pyproject.toml ]] || { echo "run from repo root" >&2; exit 1; }
    ensure_venv
    write_env
    seed_db

    local args=(--app "$APP_MODULE" run --debug --host 0.0.0.0 --port "$PORT")
    (( reload )) || args+=(--no-reload)
    say "dev server with debugger on 0.0.0.0:$PORT"
    exec flask "${args[@]}"
}

main "$@"
