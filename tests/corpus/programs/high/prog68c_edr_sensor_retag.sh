#!/usr/bin/env bash
# edr_sensor_retag.sh - move an EDR sensor to a new policy group / tag set
#
#   edr_sensor_retag.sh -g <policy-group> [-t tag1,tag2] [-p proxy] [-n]
#
# Rewrites the sensor's agent configuration with the requested grouping tags
# (and optional proxy), validates it with the vendor CLI, restarts the
# sensor service and waits until it reports back as connected. The previous
# configuration is kept alongside with a timestamp suffix.

set -euo pipefail

SENSOR_CONF=/etc/opt/edr-sensor/agent.conf
SENSOR_UNIT=edr-sensor.service
SENSOR_CTL=/opt/edr-sensor/bin/sensorctl
GROUP=""
TAGS=""
PROXY=""
DRY_RUN=0

log()  { logger -t edr-retag -- "$*" 2>/dev/null || true; echo "[edr-retag] $*" >&2; }
fail() { log "error: $*"; exit 1; }

while getopts "g:t:p:nh" o; do
    case "$o" in
        g) GROUP="$OPTARG" ;;
        t) TAGS="$OPTARG" ;;
        p) PROXY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done
[ -n "$GROUP" ] || fail "policy group (-g) is required"

# Run privileged steps through sudo unless we already are root.
if [ "$(id -u)" -eq 0 ]; then AS_ROOT=(); else AS_ROOT=(sudo --non-interactive); fi

render_conf() {
    # Keep every existing key except the ones this script owns.
    grep -Ev '^(policy_group|tags|proxy_url)=' "$SENSOR_CONF" 2>/dev/null || true
    printf 'policy_group=%s\n' "$GROUP"
    [ -n "$TAGS" ]  && printf 'tags=%s\n' "$TAGS"
    [ -n "$PROXY" ] && printf 'proxy_url=%s\n' "$PROXY"
    return 0
}

wait_connected() {
    local i state
    for i in $(seq 1 24); do
        state=$("${AS_ROOT[@]}" "$SENSOR_CTL" status --field connection 2>/dev/null || echo unknown)
        if [ "$state" = "connected" ]; then
            return 0
        fi
        sleep 5
    done
    log "sensor still '$state' after 2 minutes"
    return 1
}

NEW_CONF=$(render_conf)
if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run, would write:"
    printf '%s\n' "$NEW_CONF"
    exit 0
fi

STAMP=$(date +%Y%m%d%H%M%S)
log "backing up $SENSOR_CONF"
"${AS_ROOT[@]}" cp -a "$SENSOR_CONF" "$SENSOR_CONF.$STAMP" || fail "backup failed"

printf '%s\n' "$NEW_CONF" | "${AS_ROOT[@]}" tee "$SENSOR_CONF.new" >/dev/null
"${AS_ROOT[@]}" chown root:root "$SENSOR_CONF.new"
"${AS_ROOT[@]}" chmod 0640 "$SENSOR_CONF.new"

if [ -x "$SENSOR_CTL" ] && ! "${AS_ROOT[@]}" "$SENSOR_CTL" config validate --file "$SENSOR_CONF.new"; then
    "${AS_ROOT[@]}" rm -f "$SENSOR_CONF.new"
    fail "new configuration rejected by sensorctl"
fi
"${AS_ROOT[@]}" mv -f "$SENSOR_CONF.new" "$SENSOR_CONF"

log "restarting $SENSOR_UNIT"
"${AS_ROOT[@]}" systemctl restart "$SENSOR_UNIT"

if wait_connected; then
    log "sensor moved to group '$GROUP'${TAGS:+ with tags $TAGS}"
else
    log "rolling back to $SENSOR_CONF.$STAMP"
    "${AS_ROOT[@]}" cp -a "$SENSOR_CONF.$STAMP" "$SENSOR_CONF"
    "${AS_ROOT[@]}" systemctl restart "$SENSOR_UNIT"
    exit 2
fi
