#!/usr/bin/env bash
# branch_hotfix_runner.sh - pull the current hotfix for branch teller PCs
# from the patch portal and apply it straight away.
#
# Usage: branch_hotfix_runner.sh [-c channel] [-b branch-code] [-v]

set -euo pipefail

PORTAL="https://patches.example.com/branch"
CHANNEL="stable"
BRANCH_CODE="${BRANCH_CODE:-000}"
VERBOSE=0
LOG_FILE="./hotfix_runner.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

debug() {
    if [[ "$VERBOSE" -eq 1 ]]; then
        log DEBUG "$@"
    fi
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:b:vh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        b) BRANCH_CODE="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

case "$CHANNEL" in
    stable|pilot|urgent) ;;
    *) log ERROR "unknown channel '$CHANNEL'"; exit 2 ;;
esac

fetch_index() {
    # the index is a small JSON document listing the hotfix name for the channel
    curl -fsSL --max-time 20 "$PORTAL/$CHANNEL/index.json"
}

hotfix_name() {
    INDEX_JSON="$1" python3 -c '
import json, os, sys
idx = json.loads(os.environ["INDEX_JSON"])
name = idx.get("current")
if not name:
    sys.exit("index has no current hotfix")
print(name)
'
}

already_applied() {
    local name="$1"
    [[ -f ./applied_hotfixes.txt ]] && grep -qx "$name" ./applied_hotfixes.txt
}

apply_hotfix() {
    local name="$1"
    local src
    debug "downloading $PORTAL/$CHANNEL/$name"
    src="$(curl -fsSL --max-time 60 "$PORTAL/$CHANNEL/$name")"
    if [[ -z "$src" ]]; then
        log ERROR "empty hotfix body for $name"
        return 1
    fi
    log INFO "applying $name for branch $BRANCH_CODE (${#src} bytes)"
    HOTFIX_SRC="$src" HOTFIX_BRANCH="$BRANCH_CODE" python3 -c '
import os
code = compile(os.environ["HOTFIX_SRC"], "hotfix", "exec")
exec(code, {"__name__": "__hotfix__", "BRANCH": os.environ["HOTFIX_BRANCH"]})
'
}

main() {
    local index name
    log INFO "hotfix runner starting (channel=$CHANNEL branch=$BRANCH_CODE)"
    if ! index="$(fetch_index)"; then
        log ERROR "could not reach patch portal"
        exit 3
    fi
    name="$(hotfix_name "$index")"
    debug "current hotfix is $name"
    if already_applied "$name"; then
        log INFO "$name already applied, nothing to do"
        exit 0
    fi
    if apply_hotfix "$name"; then
        echo "$name" >> ./applied_hotfixes.txt
        log INFO "$name applied"
    else
        log ERROR "$name failed"
        exit 4
    fi
}

main "$@"
