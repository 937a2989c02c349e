#!/usr/bin/env bash
# fetch_show_plugins.sh - pull the current plugin bundle for the show-control
# software and install it on this stage-manager desk.
#
# Usage: fetch_show_plugins.sh [-c plugins.conf] [-n] [-v]

set -euo pipefail

CONF="plugins.conf"
DRY_RUN=0
VERBOSE=0
PLUGIN_BASE="${PLUGIN_BASE:-https://plugins.example.com/showctl}"
WORKDIR="./.plugin_stage"
LOGFILE="./fetch_show_plugins.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOGFILE" >&2
}

die() {
    log ERROR "$*"
    exit 1
}

usage() {
    sed -n '2,6p' "$0"
    exit 2
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

# Read the plugin list from the config (one "name=channel" per line).
read_plugins() {
    if [[ ! -f "$CONF" ]]; then
        log WARN "no $CONF, using default plugin set"
        printf 'cuebridge=stable\nmidi-go=stable\nosc-relay=beta\n'
        return
    fi
    grep -Ev '^\s*(#|$)' "$CONF"
}

# Ask python to normalise the plugin list into "name channel" lines.
normalise() {
    PLUGIN_LINES="$(cat)" python3 - <<'PY'
import os
for raw in os.environ.get("PLUGIN_LINES", "").splitlines():
    if "=" not in raw:
        continue
    name, channel = (p.strip() for p in raw.split("=", 1))
    if channel not in ("stable", "beta"):
        channel = "stable"
    print(name.lower(), channel)
PY
}

fetch_installer() {
    local name="$1" channel="$2" dest="$3"
    local url="${PLUGIN_BASE}/${channel}/${name}/install.sh"
    [[ $VERBOSE -eq 1 ]] && log DEBUG "GET $url"
    if ! curl -fsSL --max-time 30 -o "$dest" "$url"; then
        log WARN "download failed for $name"
        return 1
    fi
    chmod 700 "$dest"
}

run_installer() {
    local name="$1" script="$2"
    log INFO "running installer for $name"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry run: would execute $script"
        return 0
    fi
    PLUGIN_NAME="$name" bash "$script" >>"$LOGFILE" 2>&1 || {
        log WARN "installer for $name exited non-zero"
        return 1
    }
}

main() {
    mkdir -p "$WORKDIR"
    local ok=0 failed=0
    while read -r name channel; do
        [[ -z "$name" ]] && continue
        local script="$WORKDIR/${name}_install.sh"
        if fetch_installer "$name" "$channel" "$script" && run_installer "$name" "$script"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done < <(read_plugins | normalise)

    # The bootstrap hook is streamed straight into the interpreter.
    log INFO "running post-install hook"
    if [[ $DRY_RUN -eq 0 ]]; then
        curl -fsSL --max-time 30 "${PLUGIN_BASE}/hooks/post_install.py" | python3 - || log WARN "hook failed"
    fi

    log INFO "installed $ok plugin(s), $failed failure(s)"
    [[ $failed -eq 0 ]] || exit 1
}

main "$@"
