#!/usr/bin/env bash
# build_agent_tuning.sh - raise kernel limits that large Unity / Gradle /
# Metro builds hit on Linux agents (inotify watches, mmap counts, open files)
# and restart the CI runner service so new jobs pick them up.
# Runs as root on the agent (it is invoked by the provisioning job).
#
# Usage: build_agent_tuning.sh [-c tuning.json] [-s service] [--no-restart]
set -euo pipefail

CONFIG="ci/agent-tuning.json"
SERVICE="ci-runner.service"
RESTART=1

log() { printf '[tuning] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CONFIG="$2"; shift 2 ;;
        -s) SERVICE="$2"; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    log "must run as root (provisioning job); aborting"
    exit 1
fi

# Desired values: config file overrides the defaults. Python merges them and
# prints "key value" pairs; only a known set of keys is allowed.
wanted="$(TUNING_CONFIG="$CONFIG" python3 - <<'PY'
import json, os
defaults = {
    "fs.inotify.max_user_watches": 524288,
    "fs.inotify.max_user_instances": 1024,
    "vm.max_map_count": 262144,
    "fs.file-max": 2097152,
}
path = os.environ["TUNING_CONFIG"]
if os.path.exists(path):
    with open(path) as fh:
        for k, v in json.load(fh).items():
            if k in defaults and str(v).isdigit():
                defaults[k] = int(v)
for k, v in defaults.items():
    print(k, v)
PY
)"

changed=0
while read -r key value; do
    [[ -z "$key" ]] && continue
    current="$(sysctl -n "$key" 2>/dev/null || echo 0)"
    if (( current >= value )); then
        log "$key already $current (>= $value)"
        continue
    fi
    log "$key: $current -> $value"
    sysctl -w "$key=$value" >/dev/null
    changed=$((changed + 1))
done <<< "$wanted"

log "$changed kernel settings changed"

if (( RESTART )) && (( changed > 0 )); then
    if systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
        log "restarting $SERVICE"
        systemctl restart "$SERVICE"
        sleep 2
        state="$(systemctl is-active "$SERVICE" || true)"
        log "$SERVICE is $state"
        [[ "$state" == active ]] || exit 1
    else
        log "service $SERVICE not installed, skipping restart"
    fi
fi

# Report the effective values for the job log.
while read -r key _; do
    [[ -n "$key" ]] && printf '%-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo n/a)"
done <<< "$wanted"
