#!/bin/bash
# toolchain_bootstrap.sh - pulls the mentor-maintained bootstrap script for
# the season's toolchain (WPILib, vendor deps, formatter) and runs it.
set -uo pipefail

BOOTSTRAP_URL="${BOOTSTRAP_URL:-https://tools.example.com/frc/2025/bootstrap.sh}"
WORK_DIR="${WORK_DIR:-$PWD/.bootstrap}"
SEASON="${SEASON:-2025}"
KEEP=0
LOG="$WORK_DIR/bootstrap.log"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[bootstrap] $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --url) BOOTSTRAP_URL="$2"; shift 2 ;;
        --season) SEASON="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help)
            echo "usage: $0 [--url URL] [--season YEAR] [--keep]"
            exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

mkdir -p "$WORK_DIR" || die "cannot create $WORK_DIR"
: > "$LOG"
info "season $SEASON, source $BOOTSTRAP_URL"

check_prereqs() {
    local missing=0
    for tool in python3 bash; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            info "missing prerequisite: $tool"
            missing=1
        fi
    done
    return $missing
}
check_prereqs || die "install prerequisites first"

# Download with python so we get a useful error message and a size check.
export FETCH_URL="$BOOTSTRAP_URL"
export FETCH_DEST="$WORK_DIR/bootstrap-$SEASON.sh"
python3 - <<'PY' || die "download failed"
import os, sys, urllib.request
url = os.environ["FETCH_URL"]
dest = os.environ["FETCH_DEST"]
try:
    with urllib.request.urlopen(url, timeout=30) as resp:
        body = resp.read()
except Exception as exc:
    print(f"fetch error: {exc}", file=sys.stderr)
    sys.exit(1)
if len(body) < 16:
    print("bootstrap script suspiciously small", file=sys.stderr)
    sys.exit(1)
with open(dest, "wb") as fh:
    fh.write(body)
os.chmod(dest, 0o755)
print(f"saved {len(body)} bytes to {dest}")
PY

SCRIPT="$FETCH_DEST"
[ -s "$SCRIPT" ] || die "bootstrap script missing"
info "running $(basename "$SCRIPT")"

# Run the downloaded script with the season exported for it.
if SEASON="$SEASON" bash "$SCRIPT" >>"$LOG" 2>&1; then
    info "bootstrap completed"
    status=0
else
    status=$?
    info "bootstrap exited with status $status (see $LOG)"
fi

if [ "$KEEP" -eq 0 ]; then
    rm -f "$SCRIPT"
fi
exit "$status"
