#!/usr/bin/env bash
# refill-agent updater
# Checks the vendor update channel for a newer refill agent build and applies
# it on this print station. Run from the station's maintenance window.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.com/refill-agent}"
CHANNEL="${CHANNEL:-stable}"
AGENT_HOME="${AGENT_HOME:-$HOME/refill-agent}"
LOG_FILE="${LOG_FILE:-$AGENT_HOME/updater.log}"
DRY_RUN=0
FORCE=0

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n] [-f]
  -c CHANNEL  update channel (stable|beta), default $CHANNEL
  -n          dry run: report what would be installed
  -f          reinstall even if versions match
USAGE
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

while getopts ":c:nfh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$AGENT_HOME"

current_version() {
    if [[ -f "$AGENT_HOME/VERSION" ]]; then
        cat "$AGENT_HOME/VERSION"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    curl -fsS --max-time 20 "$UPDATE_BASE/$CHANNEL/latest.json"
}

# Parse the manifest in python; values cross over via the environment.
parse_manifest() {
    MANIFEST_JSON="$1" FIELD="$2" python3 -c '
import json, os, sys
data = json.loads(os.environ["MANIFEST_JSON"])
val = data.get(os.environ["FIELD"])
if val is None:
    sys.exit(1)
print(val)
'
}

version_gt() {
    A="$1" B="$2" python3 - <<'PY'
import os, sys
a = tuple(int(x) for x in os.environ["A"].split("."))
b = tuple(int(x) for x in os.environ["B"].split("."))
sys.exit(0 if a > b else 1)
PY
}

main() {
    log INFO "checking channel $CHANNEL at $UPDATE_BASE"
    local manifest latest installer_url have
    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not reach update server"
        exit 1
    fi
    latest="$(parse_manifest "$manifest" version)"
    installer_url="$(parse_manifest "$manifest" installer)"
    have="$(current_version)"
    log INFO "installed $have, available $latest"

    if [[ $FORCE -eq 0 ]] && ! version_gt "$latest" "$have"; then
        log INFO "already up to date"
        exit 0
    fi

    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry run: would run installer from $installer_url"
        exit 0
    fi

    # The installer is a python script published next to the manifest;
    # stream it straight into the interpreter.
    log INFO "running installer $installer_url"
    if curl -fsSL --max-time 60 "$installer_url" \
        | AGENT_HOME="$AGENT_HOME" AGENT_VERSION="$latest" python3 -; then
        echo "$latest" > "$AGENT_HOME/VERSION"
        log INFO "updated to $latest"
    else
        log ERROR "installer failed"
        exit 1
    fi
}

main "$@"
