#!/usr/bin/env bash
# Scoreboard plugin updater.
# Pulls the plugin manifest for the arena scoreboard and applies each plugin's
# installer straight from the vendor's plugin server.
set -euo pipefail

PLUGIN_BASE="${PLUGIN_BASE:-https://plugins.example.net/scoreboard}"
CHANNEL="${CHANNEL:-stable}"
PLUGIN_DIR="${PLUGIN_DIR:-./plugins}"
LOG_FILE="${LOG_FILE:-./plugin-updater.log}"
TIMEOUT=30
ONLY=""
SKIP_HOOKS=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-d plugin_dir] [-o plugin_name] [-n]
  -c  release channel (stable|beta), default: $CHANNEL
  -d  where plugin state is kept, default: $PLUGIN_DIR
  -o  only update this plugin
  -n  do not run the post-update hook
USAGE
}

while getopts ":c:d:o:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) PLUGIN_DIR="$OPTARG" ;;
        o) ONLY="$OPTARG" ;;
        n) SKIP_HOOKS=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
esac

mkdir -p "$PLUGIN_DIR"

fetch() {
    curl -fsSL --max-time "$TIMEOUT" "$PLUGIN_BASE/$CHANNEL/$1"
}

installed_version() {
    local f="$PLUGIN_DIR/$1.version"
    if [[ -f "$f" ]]; then cat "$f"; else echo "none"; fi
}

apply_plugin() {
    local name="$1" version="$2" code
    if ! code="$(fetch "$name/$version/install.py")"; then
        log WARN "could not download $name $version"
        return 1
    fi
    log INFO "applying $name $version ($(printf '%s' "$code" | wc -c) bytes)"
    # hand the installer its context through the environment and run it
    if ! PLUGIN_NAME="$name" PLUGIN_VERSION="$version" PLUGIN_DIR="$PLUGIN_DIR" \
            python3 - <<<"$code"; then
        log WARN "installer for $name exited with an error"
        return 1
    fi
    printf '%s\n' "$version" > "$PLUGIN_DIR/$name.version"
}

run_hook() {
    local hook
    hook="$(mktemp "${TMPDIR:-/tmp}/sb-hook.XXXXXX")"
    if fetch "hooks/post-update.sh" > "$hook"; then
        log INFO "running post-update hook"
        bash "$hook" "$CHANNEL" || log WARN "post-update hook failed"
    else
        log WARN "no post-update hook published"
    fi
    rm -f "$hook"
}

main() {
    local manifest current updated=0 failed=0
    log INFO "checking $PLUGIN_BASE ($CHANNEL)"
    if ! manifest="$(fetch manifest.txt)"; then
        log ERROR "manifest unavailable"
        exit 1
    fi
    while read -r name version; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
        current="$(installed_version "$name")"
        if [[ "$current" == "$version" ]]; then
            log INFO "$name already at $version"
            continue
        fi
        if apply_plugin "$name" "$version"; then
            updated=$((updated + 1))
        else
            failed=$((failed + 1))
        fi
    done <<<"$manifest"
    [[ "$SKIP_HOOKS" -eq 1 ]] || run_hook
    log INFO "done: $updated updated, $failed failed"
    [[ "$failed" -eq 0 ]]
}

main "$@"
