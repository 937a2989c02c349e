#!/usr/bin/env bash
# mailserver_container_bootstrap.sh - bring up docker-mailserver on a host
# that only has the Docker engine (no docker CLI / compose in the base image
# of our appliance), talking to the engine API directly.
#
# Settings are read from ./mailserver.env (passed into the container) and
# the data directories are created under ./dms/.
#
# usage: mailserver_container_bootstrap.sh [-i image] [-n name] [--recreate]

set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="ghcr.io/docker-mailserver/docker-mailserver:14"
NAME="mailserver"
HOSTNAME_FQDN="${MAIL_FQDN:-mail.$(hostname -d 2>/dev/null || echo example.org)}"
ENV_FILE="./mailserver.env"
DATA="$(pwd)/dms"
RECREATE=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) IMAGE="$2"; shift ;;
        -n) NAME="$2"; shift ;;
        --recreate) RECREATE=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
    shift
done

[[ -S "$DOCKER_SOCK" ]] || die "docker socket $DOCKER_SOCK not found"
command -v jq >/dev/null || die "jq is required"
[[ -r "$ENV_FILE" ]] || die "$ENV_FILE missing (copy mailserver.env.dist and edit)"

dapi() {
    local method="$1" path="$2"; shift 2
    curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$API$path" "$@"
}

pull_image() {
    local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
    log "pulling $IMAGE"
    dapi POST "/images/create?fromImage=${repo}&tag=${tag}" \
        | jq -r 'select(.status) | .status' | grep -E 'Digest|Status' >&2 || true
}

remove_existing() {
    if dapi GET "/containers/${NAME}/json" >/dev/null 2>&1; then
        (( RECREATE )) || die "container $NAME exists (use --recreate)"
        log "removing old container $NAME"
        dapi POST "/containers/${NAME}/stop?t=30" >/dev/null || true
        dapi DELETE "/containers/${NAME}?v=false" >/dev/null
    fi
}

env_json() {
    grep -Ev '^\s*(#|$)' "$ENV_FILE" | jq -R . | jq -s .
}

container_spec() {
    local binds=()
    for d in mail-data mail-state mail-logs config; do
        mkdir -p "$DATA/$d"
    done
    jq -n \
        --arg image "$IMAGE" --arg host "${HOSTNAME_FQDN%%.*}" \
        --arg domain "${HOSTNAME_FQDN#*.}" --arg data "$DATA" \
        --argjson env "$(env_json)" '
    {
      Image: $image, Hostname: $host, Domainname: $domain, Env: $env,
      ExposedPorts: {"25/tcp":{}, "465/tcp":{}, "587/tcp":{}, "993/tcp":{}},
      HostConfig: {
        Binds: [
          "\($data)/mail-data:/var/mail",
          "\($data)/mail-state:/var/mail-state",
          "\($data)/mail-logs:/var/log/mail",
          "\($data)/config:/tmp/docker-mailserver",
          "/etc/localtime:/etc/localtime:ro"
        ],
        PortBindings: {
          "25/tcp":[{HostPort:"25"}], "465/tcp":[{HostPort:"465"}],
          "587/tcp":[{HostPort:"587"}], "993/tcp":[{HostPort:"993"}]
        },
        CapAdd: ["NET_ADMIN"],
        RestartPolicy: {Name: "always"}
      },
      StopTimeout: 60
    }'
}

create_and_start() {
    local id
    id=$(container_spec | dapi POST "/containers/create?name=${NAME}" --data-binary @- | jq -r .Id)
    [[ -n "$id" && "$id" != null ]] || die "container create failed"
    dapi POST "/containers/${id}/start" >/dev/null
    log "started $NAME (${id:0:12})"
}

wait_healthy() {
    local i state
    for i in $(seq 1 30); do
        state=$(dapi GET "/containers/${NAME}/json" | jq -r '.State.Health.Status // .State.Status')
        [[ "$state" == healthy || "$state" == running ]] && { log "$NAME is $state"; return 0; }
        sleep 5
    done
    die "$NAME did not become healthy (last state: $state)"
}

pull_image
remove_existing
create_and_start
wait_healthy
log "add accounts with: setup.sh email add user@${HOSTNAME_FQDN#*.}"
