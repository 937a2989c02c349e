#!/bin/sh
# Restart unhealthy containers and report to Slack.
#
# Talks to the Docker Engine API directly over the daemon socket (no docker
# CLI on the appliance image), restarts every container whose health check
# reports "unhealthy", and posts a summary with the bot token in
# SLACK_BOT_TOKEN to the configured channel.
set -eu

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
CHANNEL="${SLACK_CHANNEL:-#infra-alerts}"
RESTART_TIMEOUT="${RESTART_TIMEOUT:-20}"
LABEL_FILTER="${LABEL_FILTER:-com.example.autoheal=true}"

log() {
    printf '%s autoheal: %s\n' "$(date '+%F %T')" "$*" >&2
}

docker_api() {
    method="$1"
    path="$2"
    curl -sS --fail --max-time 60 --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
}

unhealthy_containers() {
    filters=$(jq -cn --arg l "$LABEL_FILTER" '{health: ["unhealthy"], label: [$l]}')
    docker_api GET "/containers/json?filters=$(printf '%s' "$filters" | jq -sRr @uri)" |
        jq -r '.[] | "\(.Id[0:12]) \(.Names[0] | ltrimstr("/"))"'
}

restart_container() {
    id="$1"
    docker_api POST "/containers/$id/restart?t=$RESTART_TIMEOUT" >/dev/null
}

slack_post() {
    text="$1"
    [ -n "${SLACK_BOT_TOKEN:-}" ] || { log "SLACK_BOT_TOKEN unset, not posting"; return 0; }
    payload=$(jq -n --arg c "$CHANNEL" --arg t "$text" '{channel: $c, text: $t}')
    resp=$(curl -sS --max-time 15 \
        -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
        -H 'Content-Type: application/json; charset=utf-8' \
        -d "$payload" https://slack.com/api/chat.postMessage)
    if [ "$(printf '%s' "$resp" | jq -r .ok)" != "true" ]; then
        log "slack error: $(printf '%s' "$resp" | jq -r .error)"
    fi
}

main() {
    [ -S "$DOCKER_SOCK" ] || { log "no docker socket at $DOCKER_SOCK"; exit 1; }
    command -v jq >/dev/null 2>&1 || { log "jq missing"; exit 1; }

    list=$(unhealthy_containers)
    if [ -z "$list" ]; then
        log "all labelled containers healthy"
        exit 0
    fi

    ok=""
    failed=""
    echo "$list" | {
        while read -r id name; do
            log "restarting $name ($id)"
            if restart_container "$id"; then
                ok="$ok $name"
            else
                failed="$failed $name"
            fi
        done
        host=$(hostname)
        msg=":ambulance: autoheal on $host restarted:${ok:- none}"
        [ -z "$failed" ] || msg="$msg
:warning: restart failed for:$failed"
        slack_post "$msg"
        log "done"
    }
}

main "$@"
