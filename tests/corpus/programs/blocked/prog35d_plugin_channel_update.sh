#!/usr/bin/env bash
# plugin-channel-update: keep the editor plugins of this project in sync
# with the release channel.  The channel index lists plugins with their
# current version and an "install hook" script; for every plugin whose
# version differs from ./plugins/.versions the hook is fetched and run.
# Channel handling is split into small functions wired together through
# a handler table keyed by index record type.
set -euo pipefail

PROG=${0##*/}
CHANNEL=${PLUGIN_CHANNEL:-stable}
INDEX_URL=${PLUGIN_INDEX:-https://plugins.devtools-release.io/channels}
PLUGIN_DIR=./plugins
VERSIONS_FILE="$PLUGIN_DIR/.versions"
WORK_DIR=""
CHECK_ONLY=0

declare -A HANDLERS=([plugin]=handle_plugin [notice]=handle_notice [retire]=handle_retire)
declare -A INSTALLED=()
declare -a UPDATED=()

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() { [[ -n $WORK_DIR && -d $WORK_DIR ]] && rm -rf -- "$WORK_DIR"; }
trap cleanup EXIT

usage() {
    cat <<EOF
usage: $PROG [-c channel] [-n]
  -c  release channel (default $CHANNEL)
  -n  only report what would be updated
  -l  list installed plugins and exit
EOF
}

fetch() {
    # fetch <url> <dest>
    curl -fsSL --retry 2 --max-time 60 -o "$2" "$1"
}

load_versions() {
    [[ -f $VERSIONS_FILE ]] || return 0
    local name version
    while read -r name version; do
        [[ -n $name ]] && INSTALLED[$name]=$version
    done < "$VERSIONS_FILE"
}

save_versions() {
    local name
    : > "$VERSIONS_FILE.new"
    for name in "${!INSTALLED[@]}"; do
        printf '%s %s\n' "$name" "${INSTALLED[$name]}" >> "$VERSIONS_FILE.new"
    done
    sort -o "$VERSIONS_FILE" "$VERSIONS_FILE.new"
    rm -f "$VERSIONS_FILE.new"
}

run_install_hook() {
    local name=$1 version=$2 hook_url=$3
    local hook="$WORK_DIR/$name-$version-install.sh"
    fetch "$hook_url" "$hook" || { log "$name: could not fetch install hook"; return 1; }
    chmod +x "$hook"
    log "$name: running install hook for $version"
    PLUGIN_NAME=$name PLUGIN_VERSION=$version PLUGIN_DIR=$PLUGIN_DIR "$hook"
}

handle_plugin() {
    local name=$1 version=$2 hook_url=${3:-}
    if [[ ${INSTALLED[$name]:-} == "$version" ]]; then
        return 0
    fi
    if [[ $CHECK_ONLY -eq 1 ]]; then
        printf '%-24s %s -> %s\n' "$name" "${INSTALLED[$name]:-none}" "$version"
        return 0
    fi
    [[ -n $hook_url ]] || { log "$name: index record has no install hook"; return 1; }
    if run_install_hook "$name" "$version" "$hook_url"; then
        INSTALLED[$name]=$version
        UPDATED+=("$name@$version")
    else
        log "$name: update failed, keeping ${INSTALLED[$name]:-nothing}"
    fi
}

handle_notice() {
    shift 0
    log "channel notice: $*"
}

handle_retire() {
    local name=$1
    [[ -n ${INSTALLED[$name]:-} ]] || return 0
    log "$name retired from channel $CHANNEL; removing"
    [[ $CHECK_ONLY -eq 1 ]] && return 0
    rm -rf -- "${PLUGIN_DIR:?}/$name"
    unset "INSTALLED[$name]"
}

process_index() {
    local index=$1 type rest handler
    while read -r type rest; do
        [[ -z $type || $type == \#* ]] && continue
        handler=${HANDLERS[$type]:-}
        if [[ -z $handler ]]; then
            log "skipping unknown record type '$type'"
            continue
        fi
        # shellcheck disable=SC2086
        "$handler" $rest
    done < "$index"
}

list_installed() {
    local name
    if ((${#INSTALLED[@]} == 0)); then
        log "no plugins recorded in $VERSIONS_FILE"
        return 0
    fi
    for name in $(printf '%s\n' "${!INSTALLED[@]}" | sort); do
        printf '%-24s %s\n' "$name" "${INSTALLED[$name]}"
    done
}

self_check() {
    [[ -d $PLUGIN_DIR ]] || die "run this from the project root (no $PLUGIN_DIR directory)"
    command -v curl >/dev/null || die "curl is required"
}

main() {
    while getopts ':c:nlh' opt; do
        case $opt in
            c) CHANNEL=$OPTARG ;;
            l) load_versions; list_installed; exit 0 ;;
            n) CHECK_ONLY=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    self_check
    WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/plugin-update.XXXXXX")
    load_versions

    local index="$WORK_DIR/index.txt"
    fetch "$INDEX_URL/$CHANNEL/index.txt" "$index" || die "cannot download channel index"
    process_index "$index"

    if [[ $CHECK_ONLY -eq 0 ]]; then
        save_versions
        if ((${#UPDATED[@]})); then
            log "updated: ${UPDATED[*]}"
        else
            log "all plugins up to date"
        fi
    fi
}

main "$@"
