#!/usr/bin/env bash
# showctl plugin auto-update
#
# Pulls the newest show-control plugin (OSC cue bridge, DMX house-light
# fades, audience-seat counters) from the plugin feed and activates it on
# the booth machine so the operators do not have to copy files by hand.

set -euo pipefail

FEED_URL="${SHOWCTL_FEED_URL:-https://plugins.example.net/showctl}"
CHANNEL="${SHOWCTL_CHANNEL:-stable}"
STATE_DIR="${SHOWCTL_STATE_DIR:-./plugin_state}"
LOG_FILE="${STATE_DIR}/autoupdate.log"
DRY_RUN=0
PLUGINS=()

usage() {
    cat <<EOF
usage: $0 [-c channel] [-n] plugin [plugin ...]
  -c channel   feed channel (stable, beta)   default: ${CHANNEL}
  -n           dry run: only report available versions
EOF
}

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
PLUGINS=("$@")
if [[ ${#PLUGINS[@]} -eq 0 ]]; then
    PLUGINS=(osc_bridge dmx_houselights seat_counter)
fi

mkdir -p "$STATE_DIR"

installed_version() {
    local name="$1"
    if [[ -f "${STATE_DIR}/${name}.version" ]]; then
        cat "${STATE_DIR}/${name}.version"
    else
        echo "0"
    fi
}

remote_version() {
    local name="$1"
    curl -fsS --max-time 10 "${FEED_URL}/${CHANNEL}/${name}/VERSION" 2>/dev/null || echo ""
}

activate_plugin() {
    local name="$1" version="$2"
    local src
    log INFO "fetching ${name} ${version}"
    if ! src="$(curl -fsS --max-time 30 "${FEED_URL}/${CHANNEL}/${name}/plugin.py")"; then
        log ERROR "download of ${name} failed"
        return 1
    fi
    if [[ -z "$src" ]]; then
        log ERROR "empty plugin body for ${name}"
        return 1
    fi
    # hand the plugin body to the interpreter through the environment so the
    # plugin can register its cue handlers in the running interpreter
    PLUGIN_NAME="$name" PLUGIN_SRC="$src" SHOWCTL_STATE="$STATE_DIR" python3 -c '
import os, sys
name = os.environ["PLUGIN_NAME"]
code = compile(os.environ["PLUGIN_SRC"], "<plugin:%s>" % name, "exec")
scope = {"__name__": "showctl_plugin_" + name, "STATE_DIR": os.environ["SHOWCTL_STATE"]}
exec(code, scope)
init = scope.get("register")
if callable(init):
    init()
print("activated", name, file=sys.stderr)
'
    echo "$version" > "${STATE_DIR}/${name}.version"
    log INFO "${name} now at ${version}"
}

failures=0
for plugin in "${PLUGINS[@]}"; do
    have="$(installed_version "$plugin")"
    want="$(remote_version "$plugin")"
    if [[ -z "$want" ]]; then
        log WARN "no version info for ${plugin} on channel ${CHANNEL}"
        failures=$((failures + 1))
        continue
    fi
    if [[ "$have" == "$want" ]]; then
        log INFO "${plugin} up to date (${have})"
        continue
    fi
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "would update ${plugin}: ${have} -> ${want}"
        continue
    fi
    if ! activate_plugin "$plugin" "$want"; then
        failures=$((failures + 1))
    fi
done

if [[ $failures -gt 0 ]]; then
    log WARN "${failures} plugin(s) not updated"
    exit 1
fi
log INFO "all plugins current"
