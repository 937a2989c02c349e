#!/usr/bin/env bash
# Fetch and apply the latest lamp-controller firmware helper from the vendor.
# The vendor publishes a manifest plus an installer script per release; this
# picks the newest release for our board and runs its installer directly.
set -euo pipefail

PROG="$(basename "$0")"
BASE_URL="${FW_BASE_URL:-http://updates.example.org/lampctl}"
BOARD="${LAMPCTL_BOARD:-lc-400}"
CHANNEL="stable"
STATE_DIR="./fw_state"
FORCE=0

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" >&2; }
fail() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [--board NAME] [--channel stable|beta] [--force]
EOF
}

while (( $# )); do
    case "$1" in
        --board) BOARD="$2"; shift 2 ;;
        --channel) CHANNEL="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; fail "bad argument $1" ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) fail "unknown channel $CHANNEL" ;;
esac

mkdir -p "$STATE_DIR"

fetch_manifest() {
    curl -fsS --max-time 30 "${BASE_URL}/${CHANNEL}/manifest.json" \
        || fail "manifest download failed"
}

pick_release() {
    # manifest JSON arrives through the environment, board name too
    MANIFEST_JSON="$1" BOARD="$BOARD" python3 -c '
import json, os, sys
m = json.loads(os.environ["MANIFEST_JSON"])
rels = [r for r in m.get("releases", []) if os.environ["BOARD"] in r.get("boards", [])]
if not rels:
    sys.exit("no release for board")
rels.sort(key=lambda r: tuple(int(x) for x in r["version"].split(".")))
best = rels[-1]
print(best["version"], best["installer"])
'
}

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

main() {
    local manifest release version installer have
    manifest="$(fetch_manifest)"
    release="$(pick_release "$manifest")" || fail "could not choose a release"
    read -r version installer <<<"$release"
    have="$(current_version)"
    log "board=$BOARD channel=$CHANNEL installed=$have latest=$version"

    if [[ "$have" == "$version" && $FORCE -eq 0 ]]; then
        log "already up to date"
        return 0
    fi

    log "running installer ${installer} for ${version}"
    # installer is a shell script published next to the manifest
    if curl -fsS --max-time 60 "${BASE_URL}/${CHANNEL}/${installer}" \
        | LAMPCTL_BOARD="$BOARD" bash -s -- --version "$version"; then
        echo "$version" >"$STATE_DIR/version"
        log "firmware helper ${version} applied"
    else
        fail "installer exited with an error"
    fi
}

main
