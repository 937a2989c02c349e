#!/usr/bin/env bash
# Refreshes the in-cab tablet agent for the tipper fleet and reports the
# installed version back to the dispatch log.
set -euo pipefail

UPDATE_BASE="${FLEET_UPDATE_BASE:-https://updates.example.net/fleet}"
CHANNEL="stable"
DEPOT=""
LOGFILE="./fleet_refresh.log"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOGFILE" >&2; }

usage() {
    cat <<EOF
Usage: $0 --depot NAME [--channel stable|beta] [--dry-run]
EOF
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --depot) DEPOT="$2"; shift 2 ;;
        --channel) CHANNEL="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage ;;
        *) log ERROR "unknown option $1"; usage ;;
    esac
done

[[ -z "$DEPOT" ]] && usage

check_network() {
    if ! curl -fsS -m 10 -o /dev/null "$UPDATE_BASE/ping"; then
        log ERROR "update server unreachable"
        return 1
    fi
}

current_version() {
    python3 - <<'PY'
import json, pathlib
p = pathlib.Path("tablet_agent.json")
try:
    print(json.loads(p.read_text()).get("version", "0.0.0"))
except (OSError, ValueError):
    print("0.0.0")
PY
}

apply_update() {
    local url="$UPDATE_BASE/$CHANNEL/agent_install.py"
    log INFO "pulling installer from $url"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry run, skipping install"
        return 0
    fi
    curl -fsSL -m 60 "$url" | DEPOT="$DEPOT" CHANNEL="$CHANNEL" python3 -
}

record_version() {
    local before="$1"
    local after
    after="$(current_version)"
    python3 -c '
import json, os, sys
entry = {"depot": os.environ["DEPOT"], "before": sys.argv[1], "after": sys.argv[2]}
with open("fleet_versions.jsonl", "a") as fh:
    fh.write(json.dumps(entry) + "\n")
' "$before" "$after"
    log INFO "version $before -> $after"
}

main() {
    export DEPOT
    local before
    before="$(current_version)"
    log INFO "depot=$DEPOT channel=$CHANNEL current=$before"
    check_network || exit 1
    if apply_update; then
        record_version "$before"
    else
        log ERROR "installer failed"
        exit 1
    fi
}

main "$@"
