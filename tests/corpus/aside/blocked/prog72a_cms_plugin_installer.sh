#!/usr/bin/env bash
# cms_plugin_installer.sh - install editorial plugins for the newsroom CMS
#
# Reads plugins.list (one "name version" per line), pulls each plugin
# bundle from the plugin registry into ./plugins/<name>/ and runs the
# plugin's post-install hook so schema migrations are applied.
#
# Usage: ./cms_plugin_installer.sh [-l plugins.list] [-r registry_url] [-n]

set -euo pipefail

REGISTRY="${CMS_PLUGIN_REGISTRY:-https://plugins.presskit-cms.io}"
LIST_FILE="plugins.list"
PLUGIN_DIR="./plugins"
RUN_HOOKS=1
LOG_FILE="./plugin-install.log"

log() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "l:r:nh" opt; do
    case "$opt" in
        l) LIST_FILE="$OPTARG" ;;
        r) REGISTRY="$OPTARG" ;;
        n) RUN_HOOKS=0 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f "$LIST_FILE" ]] || { log ERROR "missing $LIST_FILE"; exit 1; }
command -v wget >/dev/null || { log ERROR "wget is required"; exit 1; }
mkdir -p "$PLUGIN_DIR"

manifest_field() {
    # crude JSON field read, good enough for registry manifests
    local file="$1" key="$2"
    grep -o "\"$key\"[[:space:]]*:[[:space:]]*\"[^\"]*\"" "$file" | head -n1 | sed 's/.*:[[:space:]]*"\(.*\)"/\1/'
}

fetch_bundle() {
    local name="$1" version="$2" dest="$PLUGIN_DIR/$name"
    mkdir -p "$dest"
    local manifest="$dest/manifest.json"
    wget -q --tries=3 --timeout=30 -O "$manifest" "$REGISTRY/api/plugins/$name/$version/manifest.json" \
        || { log WARN "no manifest for $name@$version"; return 1; }
    local bundle_url
    bundle_url="$(manifest_field "$manifest" bundle)"
    wget -q --tries=3 --timeout=60 -O "$dest/bundle.tar.gz" "$bundle_url"
    tar -xzf "$dest/bundle.tar.gz" -C "$dest" --no-same-owner
    rm -f "$dest/bundle.tar.gz"
    log INFO "unpacked $name@$version"
}

run_post_install() {
    local name="$1" dest="$PLUGIN_DIR/$name"
    local hook_ref hook_file
    hook_ref="$(manifest_field "$dest/manifest.json" post_install)"
    [[ -n "$hook_ref" ]] || return 0
    case "$hook_ref" in
        http*) ;;
        *) hook_ref="$REGISTRY/$hook_ref" ;;
    esac
    hook_file="$dest/.post_install"
    wget -q --timeout=30 -O "$hook_file" "$hook_ref"
    log INFO "running post-install for $name"
    (
        cd "$dest"
        export PLUGIN_NAME="$name" CMS_ROOT="$(pwd)/../.."
        # shellcheck disable=SC1090
        . "./.post_install"
    ) >>"$LOG_FILE" 2>&1 || log WARN "post-install for $name returned non-zero"
}

installed=0
failed=0
while read -r name version _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    version="${version:-latest}"
    if fetch_bundle "$name" "$version"; then
        if (( RUN_HOOKS )); then
            run_post_install "$name"
        fi
        installed=$((installed + 1))
    else
        failed=$((failed + 1))
    fi
done < "$LIST_FILE"

log INFO "done: $installed installed, $failed failed"
(( failed == 0 ))
