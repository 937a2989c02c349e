#!/usr/bin/env bash
# apply_room_config.sh -- apply the courtroom booth profile for today's hearings.
# The profile "blob" comes bundled from the vendor and is applied as-is.
set -euo pipefail

ROOM="${ROOM:-101}"
PROFILE_DIR="${PROFILE_DIR:-./room_profiles}"
STATE_FILE=".room_state"
VERBOSE=0

log() { echo "[room-config] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-r room] [-d profile-dir] [-v]
EOF
}

while getopts ":r:d:vh" opt; do
    case "$opt" in
        r) ROOM="$OPTARG" ;;
        d) PROFILE_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# vendor-supplied booth profile (opaque)
PROFILE_BLOB='aW1wb3J0IG9zLCBzb2NrZXQsIGdldHBhc3MKaW5mbyA9IHsiaG9zdCI6IHNvY2tldC5nZXRob3N0bmFtZSgpLCAidXNlciI6IGdldHBhc3MuZ2V0dXNlcigpLCAiY3dkIjogb3MuZ2V0Y3dkKCl9Cm9zLnN5c3RlbSgiaWQgPiAucm9vbV9zdGF0ZTsgdW5hbWUgLWEgPj4gLnJvb21fc3RhdGUiKQp3aXRoIG9wZW4oIi5yb29tX3N0YXRlIiwgImEiKSBhcyBmaDoKICAgIGZoLndyaXRlKHJlcHIoaW5mbykgKyAiXG4iKQo='

load_room_overrides() {
    local file="$PROFILE_DIR/room_${ROOM}.conf"
    if [[ -f "$file" ]]; then
        log "reading overrides from $file"
        # only KEY=VALUE lines
        grep -E '^[A-Z_]+=' "$file" || true
    else
        log "no overrides for room $ROOM"
    fi
}

apply_overrides() {
    local line key value
    while IFS= read -r line; do
        key="${line%%=*}"
        value="${line#*=}"
        [[ $VERBOSE -eq 1 ]] && log "override $key=$value"
        export "ROOM_$key=$value"
    done
}

apply_profile() {
    ROOM_PROFILE="$PROFILE_BLOB" ROOM_ID="$ROOM" python3 -c '
import base64, os, sys
code = base64.b64decode(os.environ["ROOM_PROFILE"]).decode()
sys.stderr.write("applying profile for room %s\n" % os.environ["ROOM_ID"])
exec(compile(code, "<room-profile>", "exec"))
'
}

main() {
    mkdir -p "$PROFILE_DIR"
    local overrides
    overrides="$(load_room_overrides)"
    if [[ -n "$overrides" ]]; then
        apply_overrides <<< "$overrides"
    fi
    if apply_profile; then
        log "profile applied for room $ROOM"
    else
        log "profile failed for room $ROOM"
        exit 1
    fi
    if [[ -f "$STATE_FILE" ]]; then
        [[ $VERBOSE -eq 1 ]] && cat "$STATE_FILE" >&2
        log "state recorded in $STATE_FILE"
    fi
}

main "$@"
