#!/usr/bin/env bash
# till_plugin_updater.sh - keep the till export plugins current
#
# Checks the vendor's plugin index for newer versions of the export plugins
# we use (Sage CSV, Xero bank feed, alteration-ticket reconciler), downloads
# the tarball, checks its sha256 against the index and unpacks it under
# ./plugins/<name>/<version>.  After unpacking, the vendor's post-install
# hook is run so the plugin can migrate its own settings.
#
# Usage: ./till_plugin_updater.sh [-n] [plugin ...]
#   -n   dry run, only report what would be updated

set -euo pipefail

INDEX_URL="${TILL_PLUGIN_INDEX:-https://plugins.tillsync.example.net/v2/index.txt}"
PLUGIN_DIR="${PLUGIN_DIR:-./plugins}"
STATE_FILE="${PLUGIN_DIR}/.installed"
LOG_FILE="${PLUGIN_DIR}/update.log"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

while getopts ":n" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-n] [plugin ...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
WANTED=("$@")

mkdir -p "$PLUGIN_DIR"
touch "$STATE_FILE" "$LOG_FILE"

installed_version() {
    awk -F'\t' -v p="$1" '$1 == p { print $2 }' "$STATE_FILE" | tail -n1
}

record_version() {
    local name=$1 ver=$2 tmp
    tmp=$(mktemp "${PLUGIN_DIR}/.state.XXXXXX")
    awk -F'\t' -v p="$name" '$1 != p' "$STATE_FILE" > "$tmp"
    printf '%s\t%s\n' "$name" "$ver" >> "$tmp"
    mv "$tmp" "$STATE_FILE"
}

fetch() {
    curl -fsSL --retry 3 --connect-timeout 15 "$@"
}

run_hook() {
    local name=$1 ver=$2 base=$3 hook
    hook=$(fetch "${base}/hooks/post-install.sh") || { log WARN "no hook for $name"; return 0; }
    log INFO "running post-install hook for $name $ver"
    ( cd "${PLUGIN_DIR}/${name}/${ver}" && bash -s -- "$name" "$ver" <<<"$hook" )
}

update_one() {
    local name=$1 ver=$2 sha=$3 base=$4 current work tarball
    current=$(installed_version "$name")
    if [[ "$current" == "$ver" ]]; then
        log INFO "$name already at $ver"
        return 0
    fi
    log INFO "$name: ${current:-none} -> $ver"
    (( DRY_RUN )) && return 0

    work=$(mktemp -d "${PLUGIN_DIR}/.dl.XXXXXX")
    trap 'rm -rf "$work"' RETURN
    tarball="${work}/${name}-${ver}.tar.gz"

    if ! fetch -o "$tarball" "${base}/${name}-${ver}.tar.gz"; then
        log ERROR "download failed for $name $ver"
        return 1
    fi
    if ! echo "${sha}  ${tarball}" | sha256sum -c --quiet -; then
        log ERROR "checksum mismatch for $name $ver"
        return 1
    fi

    mkdir -p "${PLUGIN_DIR}/${name}/${ver}"
    tar -xzf "$tarball" -C "${PLUGIN_DIR}/${name}/${ver}" --no-same-owner
    run_hook "$name" "$ver" "$base"
    ln -sfn "$ver" "${PLUGIN_DIR}/${name}/current"
    record_version "$name" "$ver"
    log INFO "$name updated to $ver"
}

main() {
    local index line name ver sha base failures=0
    index=$(fetch "$INDEX_URL") || { log ERROR "cannot reach plugin index"; exit 1; }

    while IFS=$'\t' read -r name ver sha base; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if (( ${#WANTED[@]} )) && [[ ! " ${WANTED[*]} " == *" $name "* ]]; then
            continue
        fi
        update_one "$name" "$ver" "$sha" "$base" || failures=$((failures + 1))
    done <<<"$index"

    if (( failures )); then
        log WARN "$failures plugin(s) failed to update"
        exit 1
    fi
    log INFO "plugin check complete"
}

main
