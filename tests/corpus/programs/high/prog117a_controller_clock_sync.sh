#!/bin/sh
# controller-clock-sync.sh - make the greenhouse gateway the time source for
# the climate and irrigation controllers.
#
# The controllers have no internet access and drift several minutes a week,
# which shifts the lighting and fogging schedules. This points chrony on the
# gateway at the farm's upstream pool, lets the controller subnet query it,
# and restarts chrony so the controllers pick it up on their next poll.
#
# Settings come from ./clock-sync.env if present:
#   UPSTREAM="0.pool.ntp.org 1.pool.ntp.org"
#   CONTROLLER_NET=10.40.0.0/24

set -eu

UPSTREAM="0.pool.ntp.org 1.pool.ntp.org 2.pool.ntp.org"
CONTROLLER_NET="10.40.0.0/24"
ENV_FILE="./clock-sync.env"
CONF_DIR="/etc/chrony/conf.d"
CONF_FILE="$CONF_DIR/greenhouse-controllers.conf"
SERVICE="chrony"

[ -f "$ENV_FILE" ] && . "$ENV_FILE"

log() { printf '[clock-sync] %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    log "need root (sudo or doas) to configure chrony"
    exit 1
fi

# Debian ships chrony.service, RHEL-family ships chronyd.service
if systemctl list-unit-files chronyd.service >/dev/null 2>&1 \
   && systemctl list-unit-files chronyd.service | grep -q chronyd; then
    SERVICE="chronyd"
    CONF_DIR="/etc/chrony.d"
    CONF_FILE="$CONF_DIR/greenhouse-controllers.conf"
fi

render_conf() {
    echo "# managed by controller-clock-sync.sh - $(date -u +%FT%TZ)"
    for server in $UPSTREAM; do
        echo "pool $server iburst maxsources 2"
    done
    echo "allow $CONTROLLER_NET"
    echo "local stratum 10"
    echo "makestep 1.0 3"
}

tmp="$(mktemp -p "${TMPDIR:-.}" clocksync.XXXXXX)"
trap 'rm -f "$tmp"' EXIT
render_conf >"$tmp"

if [ -f "$CONF_FILE" ] && cmp -s "$tmp" "$CONF_FILE"; then
    log "configuration unchanged"
else
    log "writing $CONF_FILE"
    $AS_ROOT mkdir -p "$CONF_DIR"
    $AS_ROOT install -m 0644 -o root -g root "$tmp" "$CONF_FILE"
    log "restarting $SERVICE"
    $AS_ROOT systemctl restart "$SERVICE"
fi

sleep 2
if command -v chronyc >/dev/null 2>&1; then
    chronyc -n sources 2>/dev/null | sed 's/^/    /' || log "chronyc could not reach the daemon"
fi
log "controllers in $CONTROLLER_NET can now use this host as their NTP server"
