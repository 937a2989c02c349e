#!/usr/bin/env bash
# hass_container_update.sh - update the Home Assistant container on the NUC.
#
# Talks to the Docker Engine API directly (the NUC runs a trimmed Debian with
# dockerd but no docker CLI / compose).  Pulls the requested tag, and if the
# image changed, recreates the "homeassistant" container with the same
# config volume, host networking and access to the Zigbee/Z-Wave sticks.
#
#   hass_container_update.sh [stable|beta|2024.6.4] [--force]
set -euo pipefail

TAG="${1:-stable}"
FORCE="${2:-}"
NAME="homeassistant"
IMAGE="ghcr.io/home-assistant/home-assistant"
CONFIG_DIR="${HASS_CONFIG:-/srv/homeassistant/config}"
DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
TZ_NAME="$(cat /etc/timezone 2>/dev/null || echo UTC)"

log() { echo "$(date -Is) $*" >&2; }

api() {
    local method="$1" path="$2"; shift 2
    curl --silent --show-error --fail-with-body --unix-socket "$DOCKER_SOCK" \
         -X "$method" -H 'Content-Type: application/json' "$@" "${API}${path}"
}

current_image_id() {
    api GET "/containers/${NAME}/json" 2>/dev/null | jq -r '.Image // empty' || true
}

pull() {
    log "pulling ${IMAGE}:${TAG}"
    # the create endpoint streams progress JSON; keep only errors
    api POST "/images/create?fromImage=${IMAGE}&tag=${TAG}" \
        | jq -r 'select(.error) | .error' | { ! grep .; }
    api GET "/images/${IMAGE}:${TAG}/json" | jq -r '.Id'
}

container_spec() {
    jq -n --arg img "${IMAGE}:${TAG}" --arg cfg "$CONFIG_DIR" --arg tz "$TZ_NAME" '{
        Image: $img,
        Env: ["TZ=" + $tz],
        Labels: {"managed-by": "hass_container_update"},
        HostConfig: {
            NetworkMode: "host",
            Privileged: true,
            RestartPolicy: {Name: "unless-stopped"},
            Binds: [
                ($cfg + ":/config"),
                "/etc/localtime:/etc/localtime:ro",
                "/run/dbus:/run/dbus:ro",
                "/dev:/dev"
            ]
        }
    }'
}

recreate() {
    if api GET "/containers/${NAME}/json" >/dev/null 2>&1; then
        log "stopping old container"
        api POST "/containers/${NAME}/stop?t=30" >/dev/null || true
        api POST "/containers/${NAME}/rename?name=${NAME}-old" >/dev/null
    fi
    log "creating ${NAME}"
    container_spec | api POST "/containers/create?name=${NAME}" --data-binary @- >/dev/null
    api POST "/containers/${NAME}/start" >/dev/null
}

wait_healthy() {
    local i
    for i in $(seq 1 60); do
        if curl -fs -o /dev/null --max-time 3 "http://127.0.0.1:8123/manifest.json"; then
            log "Home Assistant answering after $((i * 5))s"
            return 0
        fi
        sleep 5
    done
    return 1
}

rollback() {
    log "new container did not come up, rolling back"
    api DELETE "/containers/${NAME}?force=true" >/dev/null || true
    api POST "/containers/${NAME}-old/rename?name=${NAME}" >/dev/null
    api POST "/containers/${NAME}/start" >/dev/null
}

main() {
    command -v jq >/dev/null || { log "jq is required"; exit 1; }
    [[ -S "$DOCKER_SOCK" ]] || { log "no docker socket at $DOCKER_SOCK"; exit 1; }
    [[ -d "$CONFIG_DIR" ]] || { log "config dir $CONFIG_DIR missing"; exit 1; }

    local old new
    old="$(current_image_id)"
    new="$(pull)"
    if [[ "$old" == "$new" && "$FORCE" != "--force" ]]; then
        log "already on ${TAG} (${new:7:12}), nothing to do"
        exit 0
    fi
    recreate
    if wait_healthy; then
        api DELETE "/containers/${NAME}-old?force=true" >/dev/null 2>&1 || true
        log "updated ${old:7:12} -> ${new:7:12}"
    else
        rollback
        exit 1
    fi
}

main
