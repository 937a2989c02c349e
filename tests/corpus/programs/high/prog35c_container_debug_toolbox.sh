#!/usr/bin/env bash
# container_debug_toolbox.sh - inspect running containers through the Docker
# Engine API and, on request, start a privileged debug toolbox that shares the
# host network and PID namespace (tcpdump, strace, perf available inside).
#
#   container_debug_toolbox.sh list
#   container_debug_toolbox.sh inspect <name>
#   container_debug_toolbox.sh toolbox [image]
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
TOOLBOX_IMAGE="${TOOLBOX_IMAGE:-nicolaka/netshoot:v0.11}"
TOOLBOX_NAME="debug-toolbox-$(id -un)"

die() { echo "error: $*" >&2; exit 1; }

api() {
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -sS --fail --unix-socket "$SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -sS --fail --unix-socket "$SOCK" -X "$method" "$API$path"
    fi
}

require() {
    command -v "$1" >/dev/null 2>&1 || die "$1 is required"
}

cmd_list() {
    api GET "/containers/json?all=false" \
      | jq -r '.[] | [.Id[:12], (.Names[0] | ltrimstr("/")), .Image, .State, .Status] | @tsv' \
      | column -t -s $'\t'
}

cmd_inspect() {
    local name="${1:?container name required}"
    api GET "/containers/$name/json" | jq '{
        name: .Name, image: .Config.Image, started: .State.StartedAt,
        restarts: .RestartCount, privileged: .HostConfig.Privileged,
        network: .HostConfig.NetworkMode,
        mounts: [.Mounts[] | "\(.Source) -> \(.Destination) (\(.Mode))"],
        health: .State.Health.Status
    }'
    echo "--- last 20 log lines ---"
    api GET "/containers/$name/logs?stdout=1&stderr=1&tail=20" | tr -cd '\11\12\15\40-\176'
}

cmd_toolbox() {
    local image="${1:-$TOOLBOX_IMAGE}"
    if api GET "/containers/$TOOLBOX_NAME/json" >/dev/null 2>&1; then
        echo "toolbox $TOOLBOX_NAME already exists; attaching"
    else
        echo "pulling $image"
        api POST "/images/create?fromImage=${image%%:*}&tag=${image##*:}" >/dev/null
        local spec
        spec=$(jq -n --arg img "$image" '{
            Image: $img, Cmd: ["sleep", "infinity"], Tty: true,
            HostConfig: {
                Privileged: true, NetworkMode: "host", PidMode: "host",
                AutoRemove: true
            }
        }')
        api POST "/containers/create?name=$TOOLBOX_NAME" "$spec" >/dev/null
        api POST "/containers/$TOOLBOX_NAME/start" >/dev/null
        echo "started privileged toolbox $TOOLBOX_NAME ($image)"
    fi
    exec docker exec -it "$TOOLBOX_NAME" /bin/bash
}

require curl
require jq
[[ -S "$SOCK" ]] || die "docker socket $SOCK not found"

case "${1:-list}" in
    list)    cmd_list ;;
    inspect) shift; cmd_inspect "$@" ;;
    toolbox) shift; cmd_toolbox "$@" ;;
    *) sed -n '2,8p' "$0"; exit 1 ;;
esac
