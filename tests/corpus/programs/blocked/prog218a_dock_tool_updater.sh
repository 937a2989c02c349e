#!/usr/bin/env bash
# dock_tool_updater.sh - keep the dock diagnostics tool current on ops laptops.
#
# The dock vendor publishes the latest diagnostics tool as a single Python
# file.  Instead of making everyone reinstall it, this wrapper fetches the
# current version from the vendor's site on every run and executes it with
# the zone settings of the operator's shift.
#
# Usage: dock_tool_updater.sh [-z ZONE] [-c CHANNEL] [-n] [-- tool args...]

set -euo pipefail

TOOL_BASE="${DOCK_TOOL_BASE:-https://tools.example.net/dock}"
CHANNEL="stable"
ZONE="${DOCK_ZONE:-central}"
DRY_RUN=0
LOG_FILE="${DOCK_TOOL_LOG:-./dock_tool_updater.log}"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":z:c:nh" opt; do
    case "$opt" in
        z) ZONE="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done
shift $((OPTIND - 1))

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
esac

fetch_manifest() {
    curl -fsSL --max-time 15 "$TOOL_BASE/$CHANNEL/manifest.json"
}

manifest_field() {
    # pull one field out of the manifest JSON handed over in MANIFEST_JSON
    MANIFEST_JSON="$1" FIELD="$2" python3 -c '
import json, os, sys
data = json.loads(os.environ["MANIFEST_JSON"])
value = data.get(os.environ["FIELD"])
if value is None:
    sys.exit(1)
print(value)
'
}

log INFO "checking $CHANNEL channel at $TOOL_BASE"
if ! manifest="$(fetch_manifest)"; then
    log ERROR "could not fetch manifest"
    exit 3
fi

version="$(manifest_field "$manifest" version || echo unknown)"
entry="$(manifest_field "$manifest" entry || echo dockdiag.py)"
log INFO "latest dock tool is $version ($entry)"

if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "dry run: would fetch $TOOL_BASE/$CHANNEL/$entry and run it for zone $ZONE"
    exit 0
fi

tool_source="$(curl -fsSL --max-time 30 "$TOOL_BASE/$CHANNEL/$entry")"
if [[ -z "$tool_source" ]]; then
    log ERROR "downloaded tool is empty"
    exit 4
fi
log INFO "downloaded $(printf '%s' "$tool_source" | wc -c) bytes"

export DOCK_ZONE="$ZONE"
export DOCK_TOOL_VERSION="$version"
export DOCK_TOOL_CHANNEL="$CHANNEL"

# run the freshly downloaded tool straight from memory
set +e
python3 - "$@" <<<"$tool_source"
rc=$?
set -e

if [[ $rc -ne 0 ]]; then
    log WARN "dock tool $version exited with $rc"
else
    log INFO "dock tool $version finished for zone $ZONE"
fi
exit "$rc"
