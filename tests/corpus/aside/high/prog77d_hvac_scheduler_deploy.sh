#!/usr/bin/env bash
# hvac_scheduler_deploy.sh - ship a new build of the HVAC scheduler to a BMS host.
#
#   ./hvac_scheduler_deploy.sh [--host bms-sched-01] [--no-restart]
#
# Builds a wheel from the working tree, copies it to the host, installs it into
# a fresh release virtualenv under /opt/hvac-scheduler/releases, flips the
# "current" symlink and restarts the scheduler service, rolling back if the
# health endpoint does not come up.

set -euo pipefail

HOST=${DEPLOY_HOST:-bms-sched-01}
APP_ROOT=/opt/hvac-scheduler
SERVICE=hvac-scheduler.service
HEALTH_URL=http://127.0.0.1:8085/healthz
RESTART=1
KEEP_RELEASES=5
RELEASE=$(date +%Y%m%d%H%M%S)

log() { echo "$(date '+%H:%M:%S') $*"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --host) HOST=$2; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

build() {
    log "building wheel"
    rm -rf dist/
    python3 -m build --wheel --outdir dist/ . >/dev/null
    ls dist/*.whl | head -n1
}

remote() {
    ssh -o BatchMode=yes "$HOST" "$@"
}

install_release() {
    local wheel=$1 name
    name=$(basename "$wheel")
    log "uploading $name to $HOST"
    scp -q "$wheel" "$HOST:/var/tmp/$name"
    log "installing release $RELEASE"
    remote bash -s <<EOF
set -euo pipefail
sudo install -d -o hvac -g hvac $APP_ROOT/releases/$RELEASE
sudo -u hvac python3 -m venv $APP_ROOT/releases/$RELEASE/venv
sudo -u hvac $APP_ROOT/releases/$RELEASE/venv/bin/pip install -q /var/tmp/$name
rm -f /var/tmp/$name
readlink -f $APP_ROOT/current > $APP_ROOT/.previous 2>/dev/null || true
sudo ln -sfn $APP_ROOT/releases/$RELEASE $APP_ROOT/current
EOF
}

restart_service() {
    log "restarting $SERVICE"
    remote "sudo systemctl daemon-reload && sudo systemctl restart $SERVICE"
    for _ in $(seq 1 20); do
        if remote "curl -fsS --max-time 2 $HEALTH_URL" >/dev/null 2>&1; then
            log "health check passed"
            return 0
        fi
        sleep 3
    done
    return 1
}

rollback() {
    log "health check failed, rolling back"
    remote "prev=\$(cat $APP_ROOT/.previous) && [ -n \"\$prev\" ] && sudo ln -sfn \"\$prev\" $APP_ROOT/current && sudo systemctl restart $SERVICE"
    remote "sudo journalctl -u $SERVICE -n 40 --no-pager" || true
}

prune() {
    log "pruning old releases (keeping $KEEP_RELEASES)"
    remote "ls -1dt $APP_ROOT/releases/* | tail -n +$((KEEP_RELEASES + 1)) | xargs -r sudo rm -rf"
}

main() {
    local wheel
    wheel=$(build)
    [[ -f "$wheel" ]] || { echo "build produced no wheel" >&2; exit 1; }
    install_release "$wheel"
    if (( RESTART )); then
        if ! restart_service; then
            rollback
            exit 1
        fi
    fi
    prune
    log "deployed release $RELEASE to $HOST"
}

main
