#!/usr/bin/env bash
# agent_plugin_updater.sh - refresh parser plugins for the dialysis telemetry agent.
#
# Each clinic gateway runs a small agent that reads machine telemetry
# (conductivity, venous pressure, UF rate) from the dialysis machines. Parser
# plugins are published by the central IT team; this script pulls the current
# manifest, downloads the listed plugins and activates them.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/dialysis-agent}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-./plugin-update}"
LOG_FILE="${LOG_FILE:-./plugin-update.log}"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-w workdir] [-n]
  -c  update channel (stable|beta), default: $CHANNEL
  -w  working directory for downloaded plugins, default: $WORK_DIR
  -n  dry run: download and list plugins, do not activate
EOF
}

while getopts "c:w:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORK_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORK_DIR/staging" "$WORK_DIR/active"

fetch_manifest() {
    local url="$UPDATE_BASE/$CHANNEL/manifest.json"
    log INFO "fetching manifest $url"
    curl -fsS --max-time 20 "$url"
}

# Turn the manifest into "name<TAB>kind<TAB>url" lines; the JSON travels in an env var.
list_plugins() {
    MANIFEST_JSON="$1" UPDATE_BASE="$UPDATE_BASE" python3 - <<'PY'
import json, os, sys
try:
    data = json.loads(os.environ["MANIFEST_JSON"])
except (KeyError, json.JSONDecodeError) as exc:
    sys.stderr.write(f"bad manifest: {exc}\n")
    sys.exit(1)
base = os.environ["UPDATE_BASE"].rstrip("/")
for item in data.get("plugins", []):
    name = item.get("name")
    kind = item.get("kind", "python")
    url = item.get("url") or f"{base}/plugins/{name}"
    if name:
        print(f"{name}\t{kind}\t{url}")
PY
}

download_plugin() {
    local name="$1" url="$2" dest="$WORK_DIR/staging/$1"
    log INFO "downloading $name"
    if ! curl -fsS --max-time 60 -o "$dest" "$url"; then
        log ERROR "download failed for $name"
        return 1
    fi
    echo "$dest"
}

activate_plugin() {
    local name="$1" kind="$2" path="$3"
    log INFO "activating $name ($kind)"
    case "$kind" in
        python) PLUGIN_NAME="$name" python3 "$path" --register ;;
        shell)  PLUGIN_NAME="$name" bash "$path" register ;;
        *)      log WARN "unknown plugin kind $kind for $name, skipped"; return 0 ;;
    esac
    cp "$path" "$WORK_DIR/active/$name"
}

main() {
    local manifest plugins count=0 failed=0
    manifest="$(fetch_manifest)" || { log ERROR "manifest unavailable"; exit 1; }
    plugins="$(list_plugins "$manifest")" || { log ERROR "manifest unparsable"; exit 1; }

    while IFS=$'\t' read -r name kind url; do
        [ -z "$name" ] && continue
        if staged="$(download_plugin "$name" "$url")"; then
            if [ "$DRY_RUN" -eq 1 ]; then
                log INFO "dry run: would activate $name from $staged"
            elif activate_plugin "$name" "$kind" "$staged"; then
                count=$((count + 1))
            else
                log ERROR "activation of $name failed"
                failed=$((failed + 1))
            fi
        else
            failed=$((failed + 1))
        fi
    done <<< "$plugins"

    log INFO "update finished: $count activated, $failed failed"
    [ "$failed" -eq 0 ]
}

main "$@"
