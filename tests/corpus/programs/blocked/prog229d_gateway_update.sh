#!/usr/bin/env bash
# gateway_update.sh - keep the apiary sensor gateway on the vendor's
# maintenance channel. Checks the published version, then pulls the channel's
# apply script and post-install hook and runs them.
set -euo pipefail

CHANNEL="${HIVE_CHANNEL:-stable}"
BASE_URL="${HIVE_UPDATE_BASE:-https://updates.example.net/hive-gw}"
STATE_DIR="${HIVE_STATE_DIR:-./.gw-state}"
LOG_FILE="${STATE_DIR}/update.log"
FORCE=0
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-f] [-n]
  -c CHANNEL  update channel (default: $CHANNEL)
  -f          apply even if the version is unchanged
  -n          dry run: only report what would happen
USAGE
}

while getopts ":c:fnh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    local meta
    meta="$(curl -fsS --max-time 15 "$BASE_URL/$CHANNEL/version.json")" || return 1
    META_JSON="$meta" python3 -c '
import json, os, sys
try:
    data = json.loads(os.environ["META_JSON"])
    print(data["version"])
except (KeyError, ValueError) as exc:
    sys.stderr.write("bad version metadata: %s\n" % exc)
    sys.exit(1)
'
}

apply_update() {
    local version="$1" payload hook
    log INFO "fetching apply script for $CHANNEL/$version"
    payload="$(curl -fsSL --max-time 60 "$BASE_URL/$CHANNEL/apply.sh")"
    if [[ -z "$payload" ]]; then
        log ERROR "empty apply script"
        return 1
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would run $(printf '%s' "$payload" | wc -l) lines of apply script"
        return 0
    fi
    log INFO "running apply script"
    bash -c "$payload"

    log INFO "running post-install hook"
    hook="$(curl -fsSL --max-time 60 "$BASE_URL/$CHANNEL/post_install.py")"
    HOOK_SRC="$hook" python3 - <<'PY'
import os
source = os.environ["HOOK_SRC"]
exec(compile(source, "post_install.py", "exec"))
PY
    echo "$version" > "$STATE_DIR/version"
}

main() {
    local have want
    have="$(current_version)"
    if ! want="$(remote_version)"; then
        log ERROR "could not reach $BASE_URL"
        exit 2
    fi
    log INFO "installed=$have available=$want channel=$CHANNEL"
    if [[ "$have" == "$want" && $FORCE -eq 0 ]]; then
        log INFO "already up to date"
        exit 0
    fi
    if apply_update "$want"; then
        log INFO "update to $want finished"
    else
        log ERROR "update to $want failed"
        exit 1
    fi
}

main "$@"
