#!/usr/bin/env bash
# scim_connector_container.sh - (re)start the SCIM bridge connector container.
#
# Talks to the local Docker Engine API directly so it works on the minimal
# hosts where the docker CLI is not installed. Pulls the pinned image,
# replaces any previous container and starts a fresh one with the host's
# CA bundle and the connector config mounted.
#
# Usage: scim_connector_container.sh [-i image] [-n name] [-c config_dir]
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="registry.corp.example/iam/scim-bridge:2.4.1"
NAME="scim-bridge"
CONF_DIR="$(pwd)/scim-provisioner/etc"

while getopts ":i:n:c:h" opt; do
  case "$opt" in
    i) IMAGE="$OPTARG" ;;
    n) NAME="$OPTARG" ;;
    c) CONF_DIR="$(cd "$OPTARG" && pwd)" ;;
    *) sed -n '2,9p' "$0"; exit 64 ;;
  esac
done

[[ -S "$SOCK" ]] || { echo "no docker socket at $SOCK" >&2; exit 69; }
[[ -f "$CONF_DIR/connector.toml" ]] || { echo "missing $CONF_DIR/connector.toml" >&2; exit 66; }

engine() {
  local method="$1" path="$2"; shift 2
  curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
       -H 'Content-Type: application/json' "$@" "$API$path"
}

pull_image() {
  local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
  echo "pulling $IMAGE"
  engine POST "/images/create?fromImage=${repo}&tag=${tag}" -o /dev/null
}

remove_old() {
  if engine GET "/containers/$NAME/json" -o /dev/null 2>/dev/null; then
    echo "removing previous $NAME"
    engine POST "/containers/$NAME/stop?t=20" -o /dev/null || true
    engine DELETE "/containers/$NAME?force=true" -o /dev/null
  fi
}

container_spec() {
  jq -n --arg image "$IMAGE" --arg conf "$CONF_DIR" '{
    Image: $image,
    Env: ["SCIM_CONFIG=/config/connector.toml", "TZ=UTC"],
    Labels: {"com.corp.owner": "iam", "com.corp.service": "scim-bridge"},
    HostConfig: {
      Privileged: true,
      NetworkMode: "host",
      RestartPolicy: {Name: "unless-stopped"},
      Binds: [
        ($conf + ":/config:ro"),
        "/etc/ssl/certs:/etc/ssl/certs:ro",
        "/var/log/scim-bridge:/var/log/scim-bridge"
      ],
      LogConfig: {Type: "json-file", Config: {"max-size": "20m", "max-file": "5"}}
    }
  }'
}

create_and_start() {
  local id
  id="$(container_spec | engine POST "/containers/create?name=$NAME" --data-binary @- | jq -r '.Id')"
  [[ -n "$id" && "$id" != null ]] || { echo "container create failed" >&2; return 1; }
  engine POST "/containers/$id/start" -o /dev/null
  echo "started $NAME (${id:0:12})"
}

wait_healthy() {
  local i state
  for i in $(seq 1 15); do
    state="$(engine GET "/containers/$NAME/json" | jq -r '.State.Status')"
    [[ "$state" == running ]] && return 0
    sleep 2
  done
  echo "container did not reach running state (last: $state)" >&2
  engine GET "/containers/$NAME/logs?stdout=1&stderr=1&tail=50" >&2 || true
  return 1
}

pull_image
remove_old
create_and_start
wait_healthy
