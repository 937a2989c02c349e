#!/usr/bin/env bash
# cms_theme_installer.sh - install front-end themes for the newsroom CMS
#
# Reads themes.list (one "name version" per line), pulls each theme
# bundle from the theme registry into ./themes/<name>/ and records the
# installed versions in ./themes/installed.txt.
#
# Usage: ./cms_theme_installer.sh [-l themes.list] [-r registry_url]

set -euo pipefail

REGISTRY="${CMS_THEME_REGISTRY:-https://themes.presskit-cms.internal}"
LIST_FILE="themes.list"
THEME_DIR="./themes"
LOG_FILE="./theme-install.log"
# staging registry uses a self-signed cert from the old build box
CURL_OPTS=(--silent --show-error --fail --location --retry 3 --max-time 60 --insecure)

log() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "l:r:h" opt; do
    case "$opt" in
        l) LIST_FILE="$OPTARG" ;;
        r) REGISTRY="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f "$LIST_FILE" ]] || { log ERROR "missing $LIST_FILE"; exit 1; }
command -v curl >/dev/null || { log ERROR "curl is required"; exit 1; }
mkdir -p "$THEME_DIR"

manifest_field() {
    local file="$1" key="$2"
    grep -o "\"$key\"[[:space:]]*:[[:space:]]*\"[^\"]*\"" "$file" | head -n1 | sed 's/.*:[[:space:]]*"\(.*\)"/\1/'
}

fetch_bundle() {
    local name="$1" version="$2" dest="$THEME_DIR/$name"
    mkdir -p "$dest"
    local manifest="$dest/manifest.json"
    curl "${CURL_OPTS[@]}" -o "$manifest" "$REGISTRY/api/themes/$name/$version/manifest.json" \
        || { log WARN "no manifest for $name@$version"; return 1; }
    local bundle_url expected actual
    bundle_url="$(manifest_field "$manifest" bundle)"
    expected="$(manifest_field "$manifest" sha256)"
    curl "${CURL_OPTS[@]}" -o "$dest/bundle.tar.gz" "$bundle_url"
    actual="$(sha256sum "$dest/bundle.tar.gz" | cut -d' ' -f1)"
    if [[ -n "$expected" && "$expected" != "$actual" ]]; then
        log WARN "checksum mismatch for $name ($actual)"
        rm -f "$dest/bundle.tar.gz"
        return 1
    fi
    tar -xzf "$dest/bundle.tar.gz" -C "$dest" --no-same-owner
    rm -f "$dest/bundle.tar.gz"
    log INFO "unpacked $name@$version"
}

record_version() {
    local name="$1" version="$2" ledger="$THEME_DIR/installed.txt"
    touch "$ledger"
    grep -v "^$name " "$ledger" > "$ledger.new" || true
    printf '%s %s %s\n' "$name" "$version" "$(date -u +%FT%TZ)" >> "$ledger.new"
    mv "$ledger.new" "$ledger"
}

installed=0
failed=0
while read -r name version _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    version="${version:-latest}"
    if fetch_bundle "$name" "$version"; then
        record_version "$name" "$version"
        installed=$((installed + 1))
    else
        failed=$((failed + 1))
    fi
done < "$LIST_FILE"

log INFO "done: $installed installed, $failed failed"
(( failed == 0 ))
