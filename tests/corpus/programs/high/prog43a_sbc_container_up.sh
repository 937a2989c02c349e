#!/bin/sh
# Start the Kamailio edge SBC container directly through the Docker Engine
# API (no docker CLI on the minimal media hosts). The SBC needs host
# networking and raw packet access for RTPengine kernel forwarding.
set -eu

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="${SBC_NAME:-edge-sbc}"
IMAGE="${SBC_IMAGE:-registry.voip.internal/kamailio-sbc:5.7}"
CFG_DIR="${SBC_CFG_DIR:-$(pwd)/sbc-config}"

api() {
    # api METHOD PATH [JSON]
    if [ $# -ge 3 ]; then
        curl -sS --unix-socket "$SOCK" -X "$1" -H 'Content-Type: application/json' \
            -d "$3" "${API}$2"
    else
        curl -sS --unix-socket "$SOCK" -X "$1" "${API}$2"
    fi
}

container_state() {
    api GET "/containers/${NAME}/json" 2>/dev/null \
        | sed -n 's/.*"Status":"\([a-z]*\)".*/\1/p' | head -n1
}

pull_image() {
    repo="${IMAGE%:*}"; tag="${IMAGE##*:}"
    echo "pulling ${repo}:${tag}"
    api POST "/images/create?fromImage=${repo}&tag=${tag}" >/dev/null
}

create_container() {
    body=$(cat <<EOF
{
  "Image": "${IMAGE}",
  "Env": ["SIP_DOMAIN=${SIP_DOMAIN:-voip.example.com}", "RTP_MIN=30000", "RTP_MAX=40000"],
  "HostConfig": {
    "NetworkMode": "host",
    "Privileged": true,
    "RestartPolicy": {"Name": "unless-stopped"},
    "Binds": ["${CFG_DIR}:/etc/kamailio:ro", "/lib/modules:/lib/modules:ro"]
  }
}
EOF
)
    api POST "/containers/create?name=${NAME}" "$body"
    echo
}

case "${1:-up}" in
    up)
        [ -S "$SOCK" ] || { echo "docker socket ${SOCK} not found" >&2; exit 1; }
        [ -d "$CFG_DIR" ] || { echo "config dir ${CFG_DIR} missing" >&2; exit 1; }
        state=$(container_state || true)
        if [ "$state" = "running" ]; then
            echo "${NAME} already running"; exit 0
        fi
        if [ -z "$state" ]; then
            pull_image
            create_container
        fi
        api POST "/containers/${NAME}/start" >/dev/null
        echo "${NAME} state: $(container_state)"
        ;;
    down)
        api POST "/containers/${NAME}/stop?t=15" >/dev/null || true
        echo "${NAME} stopped"
        ;;
    status)
        echo "${NAME}: $(container_state || echo absent)"
        ;;
    logs)
        api GET "/containers/${NAME}/logs?stdout=1&stderr=1&tail=200" | tr -cd '\11\12\15\40-\176'
        ;;
    *)
        echo "usage: $0 {up|down|status|logs}" >&2; exit 2
        ;;
esac
