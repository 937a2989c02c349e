#!/usr/bin/env bash
# Restart self-hosted containers that report "unhealthy".
# Talks to the Docker Engine API over the local unix socket with curl, so it
# runs on hosts where only the socket (not the docker CLI) is available.
set -uo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
GRACE="${GRACE:-20}"
EXCLUDE="${EXCLUDE:-traefik,authelia}"
NOTIFY_FILE="${NOTIFY_FILE:-./health-kick.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$NOTIFY_FILE"; }

api() {
    local method="$1" path="$2"
    curl --silent --show-error --fail --max-time 30 \
        --unix-socket "$SOCK" -X "$method" "${API}${path}"
}

is_excluded() {
    local name="$1" item
    IFS=',' read -ra items <<< "$EXCLUDE"
    for item in "${items[@]}"; do
        [[ "$name" == "$item" ]] && return 0
    done
    return 1
}

require() {
    command -v "$1" >/dev/null || { echo "missing $1" >&2; exit 1; }
}

require curl
require jq
[[ -S "$SOCK" ]] || { echo "no docker socket at $SOCK" >&2; exit 1; }

filters='{"health":["unhealthy"]}'
enc=$(jq -rn --arg f "$filters" '$f|@uri')
mapfile -t sick < <(api GET "/containers/json?filters=${enc}" | jq -r '.[] | "\(.Id) \(.Names[0] | ltrimstr("/"))"')

if [[ ${#sick[@]} -eq 0 ]]; then
    log "all containers healthy"
    exit 0
fi

restarted=0
for entry in "${sick[@]}"; do
    id="${entry%% *}"
    name="${entry#* }"
    if is_excluded "$name"; then
        log "skip ${name} (excluded)"
        continue
    fi
    streak=$(api GET "/containers/${id}/json" | jq -r '.State.Health.FailingStreak // 0')
    log "${name} unhealthy (failing streak ${streak}), restarting"
    if api POST "/containers/${id}/restart?t=${GRACE}" >/dev/null; then
        restarted=$((restarted + 1))
    else
        log "restart of ${name} failed"
    fi
done

sleep "$GRACE"
for entry in "${sick[@]}"; do
    id="${entry%% *}"; name="${entry#* }"
    state=$(api GET "/containers/${id}/json" | jq -r '.State.Health.Status // .State.Status')
    log "${name}: now ${state}"
done
log "restarted ${restarted} container(s)"
