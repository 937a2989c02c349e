#!/usr/bin/env bash
# Deploy the DAGs from this repository to the Airflow host and bounce
# the scheduler/webserver so the new DAG definitions and plugin code
# are picked up.  Run on the Airflow VM from the repo checkout.
#
#   ./airflow_dag_deploy.sh [--skip-tests] [--services "scheduler webserver"]
set -euo pipefail

AIRFLOW_HOME="${AIRFLOW_HOME:-$HOME/airflow}"
SRC_DAGS="./dags"
SRC_PLUGINS="./plugins"
SERVICES="scheduler webserver triggerer"
RUN_TESTS=1

log() { printf '%s deploy: %s\n' "$(date -u +%FT%TZ)" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --skip-tests) RUN_TESTS=0; shift ;;
        --services) SERVICES="$2"; shift 2 ;;
        *) echo "usage: $0 [--skip-tests] [--services LIST]" >&2; exit 64 ;;
    esac
done

[[ -d "$SRC_DAGS" ]] || { log "no $SRC_DAGS directory here"; exit 1; }

if [[ "$RUN_TESTS" -eq 1 ]]; then
    log "checking DAGs import cleanly"
    if ! python3 - "$SRC_DAGS" <<'PY'
import sys
from airflow.models import DagBag
bag = DagBag(dag_folder=sys.argv[1], include_examples=False)
for path, err in bag.import_errors.items():
    print(f"IMPORT ERROR {path}: {err}")
print(f"{len(bag.dags)} dags parsed")
sys.exit(1 if bag.import_errors else 0)
PY
    then
        log "DAG import errors, aborting deploy"
        exit 2
    fi
fi

GIT_REV="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
log "deploying revision $GIT_REV to $AIRFLOW_HOME"

mkdir -p "$AIRFLOW_HOME/dags" "$AIRFLOW_HOME/plugins"
rsync -a --delete --exclude '__pycache__' --exclude '*.pyc' "$SRC_DAGS"/ "$AIRFLOW_HOME/dags"/
if [[ -d "$SRC_PLUGINS" ]]; then
    rsync -a --delete --exclude '__pycache__' "$SRC_PLUGINS"/ "$AIRFLOW_HOME/plugins"/
fi
echo "$GIT_REV" > "$AIRFLOW_HOME/dags/.deployed_revision"

restart_failed=()
for svc in $SERVICES; do
    unit="airflow-${svc}.service"
    if ! systemctl list-unit-files "$unit" >/dev/null 2>&1; then
        log "unit $unit not installed, skipping"
        continue
    fi
    log "restarting $unit"
    if sudo systemctl restart "$unit"; then
        sleep 3
        if ! systemctl is-active --quiet "$unit"; then
            restart_failed+=("$unit")
            sudo journalctl -u "$unit" -n 30 --no-pager || true
        fi
    else
        restart_failed+=("$unit")
    fi
done

if [[ ${#restart_failed[@]} -gt 0 ]]; then
    log "services not healthy after restart: ${restart_failed[*]}"
    exit 3
fi
log "deploy of $GIT_REV complete"
