#!/usr/bin/env bash
# Fetch and apply the latest battery-management "hotfix" published by the
# association's volunteer team. Run by a warden on the hut's monitor box.
set -euo pipefail

PATCH_BASE="${PATCH_BASE:-https://updates.example.net/bms}"
CHANNEL="stable"
HUT_ID="${HUT_ID:-unknown}"
STATE_FILE="./.bms_patch_state"
LOG_FILE="./bms_patch.log"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-h hut-id] [-n]
  -c  update channel (stable|beta), default stable
  -h  hut identifier
  -n  dry run: only show which patch would be applied
EOF
}

while getopts ":c:h:n" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        h) HUT_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage; exit 2 ;;
    esac
done

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "0"
    fi
}

# The manifest is JSON; let Python pick the newest patch for our channel.
latest_patch() {
    local manifest_json
    manifest_json="$(curl -fsS --max-time 20 "$PATCH_BASE/manifest.json")" || return 1
    MANIFEST="$manifest_json" CHANNEL="$CHANNEL" python3 - <<'PY'
import json, os, sys
data = json.loads(os.environ["MANIFEST"])
items = [p for p in data.get("patches", []) if p.get("channel") == os.environ["CHANNEL"]]
if not items:
    sys.exit(1)
best = max(items, key=lambda p: int(p.get("version", 0)))
print(best["version"], best["file"])
PY
}

apply_patch() {
    local version="$1" file="$2" workdir script
    workdir="$(mktemp -d)"
    trap 'rm -rf "$workdir"' RETURN
    script="$workdir/patch-$version.sh"
    log INFO "downloading $file"
    if ! curl -fsS --max-time 60 -o "$script" "$PATCH_BASE/$CHANNEL/$file"; then
        log ERROR "download failed"
        return 1
    fi
    chmod +x "$script"
    log INFO "running patch $version for hut $HUT_ID"
    HUT_ID="$HUT_ID" BMS_PATCH_VERSION="$version" bash "$script"
    echo "$version" > "$STATE_FILE"
    log INFO "patch $version applied"
}

main() {
    local have want file line
    have="$(current_version)"
    if ! line="$(latest_patch)"; then
        log ERROR "could not read manifest from $PATCH_BASE"
        exit 1
    fi
    read -r want file <<<"$line"
    log INFO "installed=$have available=$want channel=$CHANNEL"
    if (( want <= have )); then
        log INFO "already up to date"
        exit 0
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would apply $file"
        exit 0
    fi
    apply_patch "$want" "$file"
}

main "$@"
