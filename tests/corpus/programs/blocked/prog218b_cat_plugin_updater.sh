#!/usr/bin/env bash
# cat_plugin_updater.sh - keep the agency's CAT tool plugins up to date.
#
# Reads the plugin manifest published by the tooling team, compares versions
# with what is installed locally and runs the installer of every plugin that
# is out of date.
set -euo pipefail

MANIFEST_URL="${MANIFEST_URL:-https://plugins.example.net/cat/manifest.json}"
PLUGIN_DIR="${PLUGIN_DIR:-./plugins}"
CACHE_DIR="./.plugin_cache"
LOG_FILE="./plugin_updater.log"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-n] [-d plugin_dir]
  -n   dry run, only list outdated plugins
  -d   plugin directory (default: $PLUGIN_DIR)
EOF
}

while getopts ":nd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) PLUGIN_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$PLUGIN_DIR" "$CACHE_DIR"

log INFO "fetching manifest from $MANIFEST_URL"
if ! MANIFEST_JSON="$(curl -fsS --max-time 20 "$MANIFEST_URL")"; then
    log ERROR "could not download manifest"
    exit 2
fi
export MANIFEST_JSON PLUGIN_DIR

# python picks out the plugins whose installed version is older than the manifest
OUTDATED="$(python3 - <<'PY'
import json, os, pathlib, sys

manifest = json.loads(os.environ["MANIFEST_JSON"])
plugin_dir = pathlib.Path(os.environ["PLUGIN_DIR"])

def installed_version(name):
    vf = plugin_dir / name / "VERSION"
    try:
        return tuple(int(x) for x in vf.read_text().strip().split("."))
    except (OSError, ValueError):
        return (0,)

for entry in manifest.get("plugins", []):
    try:
        wanted = tuple(int(x) for x in entry["version"].split("."))
    except (KeyError, ValueError):
        print(f"skipping malformed entry: {entry!r}", file=sys.stderr)
        continue
    if installed_version(entry["name"]) < wanted:
        print(f'{entry["name"]}\t{entry["version"]}\t{entry["installer"]}')
PY
)"

if [[ -z "$OUTDATED" ]]; then
    log INFO "all plugins are current"
    exit 0
fi

count=0
failed=0
while IFS=$'\t' read -r name version installer_url; do
    [[ -z "$name" ]] && continue
    count=$((count + 1))
    log INFO "plugin $name is outdated, manifest has $version"
    if (( DRY_RUN )); then
        continue
    fi
    script="$CACHE_DIR/${name}-${version}-install.sh"
    if ! curl -fsSL --max-time 60 -o "$script" "$installer_url"; then
        log ERROR "download of installer for $name failed"
        failed=$((failed + 1))
        continue
    fi
    chmod +x "$script"
    # run the downloaded installer inside the plugin directory
    if PLUGIN_NAME="$name" PLUGIN_VERSION="$version" \
        bash "$script" "$PLUGIN_DIR/$name" >>"$LOG_FILE" 2>&1; then
        mkdir -p "$PLUGIN_DIR/$name"
        echo "$version" > "$PLUGIN_DIR/$name/VERSION"
        log INFO "installed $name $version"
    else
        log ERROR "installer for $name exited with an error"
        failed=$((failed + 1))
    fi
done <<< "$OUTDATED"

log INFO "$count plugin(s) outdated, $failed failure(s)"
(( failed == 0 ))
