#!/usr/bin/env bash
# icc_profile_fetch.sh - keep the local copy of the paper-stock ICC profiles
# in ./profiles in step with the profile library on the colour server.
# The index is fetched by an embedded Python step (URL in the environment),
# the list of stale profiles comes back through command substitution.
set -euo pipefail

BASE_URL="${ICC_BASE_URL:-https://profiles.example.com/icc}"
PROFILE_DIR="${PROFILE_DIR:-./profiles}"
STATE_FILE="./icc_fetch.conf"
TIMEOUT=15
CHECK_ONLY=0

log() { echo "$(date '+%T') [icc] $*" >&2; }

usage() {
    echo "Usage: $0 [-u base_url] [-d profile_dir] [-t timeout] [-n]" >&2
    exit 2
}

while getopts "u:d:t:nh" opt; do
    case "$opt" in
        u) BASE_URL="$OPTARG" ;;
        d) PROFILE_DIR="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        *) usage ;;
    esac
done

py_fetch() {
    # usage: py_fetch URL [DEST]  -- GET URL, print body or save to DEST
    FETCH_URL="$1" FETCH_DEST="${2:-}" FETCH_TIMEOUT="$TIMEOUT" python3 -c '
import os, sys, urllib.request
url = os.environ["FETCH_URL"]
dest = os.environ["FETCH_DEST"]
with urllib.request.urlopen(url, timeout=float(os.environ["FETCH_TIMEOUT"])) as resp:
    body = resp.read()
if dest:
    with open(dest, "wb") as fh:
        fh.write(body)
else:
    sys.stdout.write(body.decode())
'
}

stale_profiles() {
    INDEX_JSON="$1" PROFILE_DIR="$PROFILE_DIR" python3 -c '
import hashlib, json, os
index = json.loads(os.environ["INDEX_JSON"])
for entry in index.get("profiles", []):
    name = os.path.basename(entry["file"])
    local = os.path.join(os.environ["PROFILE_DIR"], name)
    if not os.path.exists(local):
        print(name)
        continue
    with open(local, "rb") as fh:
        if hashlib.sha256(fh.read()).hexdigest() != entry.get("sha256"):
            print(name)
'
}

save_state() {
    printf 'last_run=%s\nbase_url=%s\nupdated=%s\n' "$(date -Is)" "$BASE_URL" "$1" > "$STATE_FILE"
    chmod 600 "$STATE_FILE"
}

main() {
    mkdir -p "$PROFILE_DIR"
    local index stale name n=0
    if ! index="$(py_fetch "$BASE_URL/index.json")"; then
        log "could not fetch profile index from $BASE_URL"
        exit 1
    fi
    stale="$(stale_profiles "$index")"
    if [[ -z "$stale" ]]; then
        log "all profiles current"
        save_state 0
        exit 0
    fi
    while IFS= read -r name; do
        if (( CHECK_ONLY )); then
            log "stale: $name"
            continue
        fi
        if py_fetch "$BASE_URL/$name" "$PROFILE_DIR/$name"; then
            log "updated $name"
            n=$((n + 1))
        else
            log "failed to fetch $name"
        fi
    done <<< "$stale"
    save_state "$n"
    log "$n profile(s) updated"
}

main
