#!/usr/bin/env bash
# Smoke-test the dotfiles bootstrap (./install.sh) on several distributions.
#
# Talks to the Docker Engine API directly over its unix socket so it works on
# CI runners that have the socket mounted but no docker CLI installed.
# For every image: create a container with the repo bind-mounted read-only,
# run install.sh as an unprivileged user, collect logs, remove the container.
#
#   ./dotfiles-matrix.sh                   # default image list
#   IMAGES="fedora:40 alpine:3.20" ./dotfiles-matrix.sh

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGES="${IMAGES:-debian:12 ubuntu:24.04 fedora:40 archlinux:latest alpine:3.20}"
REPO_DIR="$(pwd)"
LOG_DIR="matrix-logs"
TIMEOUT="${TIMEOUT:-600}"

api() {
    # api METHOD PATH [JSON-BODY]
    local method=$1 path=$2 body=${3:-}
    if [ -n "$body" ]; then
        curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" "$API$path"
    fi
}

json_field() {
    # tiny extractor to avoid a jq dependency on minimal runners
    sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" | head -n1
}

pull() {
    local image=$1 name=${1%%:*} tag=${1##*:}
    printf '  pulling %s\n' "$image"
    curl -sS --unix-socket "$SOCK" -X POST \
         "$API/images/create?fromImage=$name&tag=$tag" >/dev/null
}

run_one() {
    local image=$1
    local safe=${image//[:\/]/_}
    local body cid status code

    pull "$image"
    body=$(cat <<JSON
{
  "Image": "$image",
  "User": "1000:1000",
  "Env": ["HOME=/tmp/home", "DOTFILES_NONINTERACTIVE=1"],
  "WorkingDir": "/dotfiles",
  "Cmd": ["sh", "-c", "mkdir -p \$HOME && sh ./install.sh --dry-run --verbose"],
  "HostConfig": {
    "Binds": ["$REPO_DIR:/dotfiles:ro"],
    "Memory": 536870912,
    "NetworkMode": "none",
    "AutoRemove": false
  }
}
JSON
)
    cid=$(api POST "/containers/create?name=dotmatrix-$safe-$$" "$body" | json_field Id)
    [ -n "$cid" ] || { printf '  could not create container for %s\n' "$image"; return 1; }

    api POST "/containers/$cid/start" >/dev/null
    status=$(curl -sS --max-time "$TIMEOUT" --unix-socket "$SOCK" -X POST \
                  "$API/containers/$cid/wait" || echo '{"StatusCode":124}')
    code=$(printf '%s' "$status" | json_field StatusCode)

    curl -sS --unix-socket "$SOCK" \
         "$API/containers/$cid/logs?stdout=1&stderr=1&timestamps=1" \
         | tr -d '\000-\010' > "$LOG_DIR/$safe.log" || true
    api DELETE "/containers/$cid?force=1" >/dev/null || true

    printf '%s\t%s\n' "$image" "${code:-?}" >> "$LOG_DIR/summary.tsv"
    [ "${code:-1}" = "0" ]
}

main() {
    [ -S "$SOCK" ] || { echo "docker socket $SOCK not found" >&2; exit 2; }
    [ -f install.sh ] || { echo "run from the dotfiles repo root" >&2; exit 2; }
    command -v curl >/dev/null || { echo "curl required" >&2; exit 2; }

    rm -rf -- "$LOG_DIR"
    mkdir -p "$LOG_DIR"
    printf 'engine: %s\n' "$(api GET /version | json_field Version)"

    local failed=()
    for image in $IMAGES; do
        printf '[%s]\n' "$image"
        if run_one "$image"; then
            printf '  ok\n'
        else
            printf '  FAILED (see %s)\n' "$LOG_DIR/${image//[:\/]/_}.log"
            failed+=("$image")
        fi
    done

    echo
    column -t "$LOG_DIR/summary.tsv" 2>/dev/null || cat "$LOG_DIR/summary.tsv"
    if [ ${#failed[@]} -gt 0 ]; then
        printf '\n%d image(s) failed: %s\n' "${#failed[@]}" "${failed[*]}"
        exit 1
    fi
}

main "$@"
