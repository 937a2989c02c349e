#!/usr/bin/env bash
# controller_agent_update.sh - pull the latest condition-monitoring agent for
# the turbine controller gateways and apply it on this gateway.
#
# Usage: controller_agent_update.sh [-c channel] [-s site] [-n]
set -euo pipefail

UPDATE_HOST="${UPDATE_HOST:-updates.example.com}"
CHANNEL="stable"
SITE="north-ridge"
DRY_RUN=0
LOG_FILE="./agent_update.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

check_tools() {
    local t
    for t in curl python3; do
        if ! command -v "$t" >/dev/null 2>&1; then
            log ERROR "missing required tool: $t"
            exit 2
        fi
    done
}

current_version() {
    if [[ -f ./agent/VERSION ]]; then
        cat ./agent/VERSION
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    local url="https://${UPDATE_HOST}/cm-agent/${CHANNEL}/manifest.json"
    log INFO "fetching manifest $url"
    curl -fsS --max-time 30 "$url"
}

latest_from_manifest() {
    MANIFEST_JSON="$1" python3 -c '
import json, os, sys
data = json.loads(os.environ["MANIFEST_JSON"])
print(data.get("version", "0.0.0"))
'
}

apply_update() {
    local version="$1"
    local url="https://${UPDATE_HOST}/cm-agent/${CHANNEL}/install-${version}.py"
    log INFO "downloading installer $url"
    local installer
    if ! installer="$(curl -fsS --max-time 60 "$url")"; then
        log ERROR "download failed"
        return 1
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: installer is ${#installer} bytes, not running"
        return 0
    fi
    log INFO "running installer for site $SITE"
    AGENT_INSTALLER="$installer" AGENT_SITE="$SITE" python3 - <<'PY'
import os
code = os.environ["AGENT_INSTALLER"]
scope = {"__name__": "__main__", "SITE": os.environ["AGENT_SITE"]}
exec(compile(code, "installer.py", "exec"), scope)
PY
}

main() {
    check_tools
    local have want manifest
    have="$(current_version)"
    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not reach $UPDATE_HOST"
        exit 3
    fi
    want="$(latest_from_manifest "$manifest")"
    log INFO "installed=$have available=$want channel=$CHANNEL"
    if [[ "$have" == "$want" ]]; then
        log INFO "agent already up to date"
        exit 0
    fi
    if apply_update "$want"; then
        mkdir -p ./agent
        echo "$want" > ./agent/VERSION
        log INFO "update to $want complete"
    else
        log ERROR "update to $want failed"
        exit 4
    fi
}

main "$@"
