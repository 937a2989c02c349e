#!/usr/bin/env bash
# Sync agent tool plugins listed in plugins.lock and run their setup hooks.
# plugins.lock format: <name> <version> <base-url>
# Each plugin publishes a setup.sh next to its manifest; the hook is fetched
# fresh on every sync so upstream fixes are picked up automatically.
set -uo pipefail

LOCK_FILE="${PLUGINS_LOCK:-plugins.lock}"
PLUGIN_DIR="./.agent/plugins"
STATE_FILE="${PLUGIN_DIR}/.synced"

log() { printf '%s [plugin-sync] %s\n' "$(date +%T)" "$*" >&2; }

fetch() {
    # prefer curl, fall back to wget on minimal images
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 2 "$1"
    else
        wget -qO- "$1"
    fi
}

already_synced() {
    [[ -f "$STATE_FILE" ]] && grep -qx "$1@$2" "$STATE_FILE"
}

sync_plugin() {
    local name="$1" version="$2" base="$3"
    local dest="${PLUGIN_DIR}/${name}"
    mkdir -p "$dest"

    log "fetching manifest for ${name}@${version}"
    if ! fetch "${base}/${name}/${version}/manifest.json" > "${dest}/manifest.json"; then
        log "manifest unavailable for ${name}"
        return 1
    fi

    local hook_url
    hook_url="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("setup", ""))' \
        "${dest}/manifest.json")"
    if [[ -z "$hook_url" ]]; then
        hook_url="${base}/${name}/${version}/setup.sh"
    fi

    log "running setup hook for ${name}"
    fetch "$hook_url" > "${dest}/setup.sh" || return 1
    (
        cd "$dest" || exit 1
        PLUGIN_NAME="$name" PLUGIN_VERSION="$version" source ./setup.sh
    ) || { log "setup hook failed for ${name}"; return 1; }

    echo "${name}@${version}" >> "$STATE_FILE"
}

main() {
    [[ -f "$LOCK_FILE" ]] || { log "no ${LOCK_FILE}"; exit 1; }
    mkdir -p "$PLUGIN_DIR"
    local ok=0 fail=0
    while read -r name version base; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        if already_synced "$name" "$version" && [[ "${FORCE:-0}" != 1 ]]; then
            log "${name}@${version} up to date"
            continue
        fi
        if sync_plugin "$name" "$version" "${base:-https://plugins.agenthub.dev}"; then
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
    done < "$LOCK_FILE"
    log "synced ${ok} plugin(s), ${fail} failure(s)"
    [[ $fail -eq 0 ]]
}

main "$@"
