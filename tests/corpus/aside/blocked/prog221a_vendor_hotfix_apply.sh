#!/usr/bin/env bash
# vendor_hotfix_apply.sh - pull the latest RAN vendor hotfix for a site
# controller and apply it straight away.
#
# Usage: vendor_hotfix_apply.sh -s SITE_ID [-c CHANNEL] [-n]
set -euo pipefail

HOTFIX_BASE="${HOTFIX_BASE:-https://hotfix.example.net/ran}"
CHANNEL="stable"
SITE_ID=""
DRY_RUN=0
LOG_FILE="./hotfix_apply.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 -s SITE_ID [-c stable|beta] [-n]" >&2
    exit 2
}

while getopts ":s:c:nh" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

[[ -n "$SITE_ID" ]] || usage
case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel $CHANNEL"; exit 2 ;;
esac

detect_platform() {
    local id="unknown"
    if [[ -r /etc/os-release ]]; then
        id="$(. /etc/os-release && echo "${ID:-unknown}-${VERSION_ID:-0}")"
    fi
    echo "$id"
}

fetch_manifest() {
    local url="$HOTFIX_BASE/$CHANNEL/manifest.json"
    log INFO "fetching manifest $url"
    curl -fsS --max-time 30 "$url"
}

pick_hotfix() {
    # manifest is handed to python through the environment
    MANIFEST_JSON="$1" PLATFORM="$2" python3 -c '
import json, os, sys
data = json.loads(os.environ["MANIFEST_JSON"])
plat = os.environ["PLATFORM"]
for entry in data.get("hotfixes", []):
    if plat in entry.get("platforms", []) or "any" in entry.get("platforms", []):
        print(entry["name"])
        sys.exit(0)
sys.exit(1)
'
}

apply_hotfix() {
    local name="$1"
    local url="$HOTFIX_BASE/$CHANNEL/$name/apply.py"
    log INFO "applying hotfix $name from $url"
    if (( DRY_RUN )); then
        log INFO "dry run: would execute $url"
        return 0
    fi
    # stream the vendor's apply script straight into the interpreter
    curl -fsSL --max-time 120 "$url" | SITE_ID="$SITE_ID" python3 -
}

main() {
    local platform manifest hotfix
    platform="$(detect_platform)"
    log INFO "site=$SITE_ID platform=$platform channel=$CHANNEL"

    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not fetch manifest"
        exit 1
    fi

    if ! hotfix="$(pick_hotfix "$manifest" "$platform")"; then
        log WARN "no hotfix applies to $platform"
        exit 0
    fi

    if apply_hotfix "$hotfix"; then
        log INFO "hotfix $hotfix applied to $SITE_ID"
    else
        log ERROR "hotfix $hotfix failed on $SITE_ID"
        exit 1
    fi
}

main "$@"
